import swagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "@beannote/contract";
import { ROUTE_DOCS, type RouteDoc } from "./openapi-routes";

/** Every failure: the envelope with the HTTP status, a stable code and details (or null) as `data`. */
const errorEnvelope = z.object({
  status: z.number(),
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().optional(),
});

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** The route's own success envelope (its `schema.response`), else the file it answers as is (ROUTE_DOCS). */
function responseOf(doc: RouteDoc | undefined, declared: unknown) {
  const ok =
    declared instanceof z.ZodType
      ? {
          description: "Success (the envelope, status 200)",
          content: { "application/json": { schema: declared } },
        }
      : doc?.files
        ? {
            description: "The file itself",
            content: Object.fromEntries(
              doc.files.map((type) => [type, { schema: z.string().meta({ format: "binary" }) }]),
            ),
          }
        : undefined;
  return {
    ...(ok ? { 200: ok } : {}),
    default: { description: "Failure", content: { "application/json": { schema: errorEnvelope } } },
  };
}

/**
 * Serves the API's description, generated from the contract's zod schemas: `/openapi.json` (OpenAPI 3.1) and
 * `/docs` (a page listing the operations). Call before the API's routes are registered, and give
 * `onApiRoute` to the API's scope as an onRoute hook: those routes are described (request and answer schemas
 * from the route, summaries and files from ROUTE_DOCS), everything else (the web app's files) is left out.
 */
export async function installOpenApi(
  app: FastifyInstance,
): Promise<{ onApiRoute(route: RouteOptions): void }> {
  const apiRoutes = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "BeanNote API",
        version: "1.0.0",
        description:
          "Every JSON answer is the envelope {status, message, data}: status 200 on success; on failure the HTTP " +
          "status, a stable `code` and a message in the language of the `language` header.",
      },
      components: {
        securitySchemes: {
          token: { type: "apiKey", in: "header", name: "token" },
          bearer: { type: "http", scheme: "bearer" },
        },
      },
    },
    transform: (document) => {
      const { route, url } = document;
      const methods = [route.method].flat();
      const key = methods
        .map((method) => routeKey(method, url))
        .find((candidate) => apiRoutes.has(candidate));
      if (!key) return { schema: { hide: true }, url };
      const doc = ROUTE_DOCS[key];
      const schema: Record<string, unknown> = {
        ...(route.schema ?? {}),
        summary: doc?.summary ?? "Not described yet: add it to server/src/http/openapi-routes.ts",
        ...(route.config?.public ? {} : { security: [{ token: [] }, { bearer: [] }] }),
      };
      schema.response = responseOf(
        doc,
        (route.schema?.response as Record<number, unknown> | undefined)?.[200],
      );
      if (doc?.upload) {
        schema.body = doc.upload.schema;
        schema.consumes = [doc.upload.contentType];
      }
      return jsonSchemaTransform({ ...document, schema: schema as typeof document.schema });
    },
  });

  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  app.get("/docs", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(docsPage(app.swagger() as OpenApiDocument)),
  );

  return {
    onApiRoute(route) {
      for (const method of [route.method].flat()) apiRoutes.add(routeKey(method, route.url));
    },
  };
}

interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A self-contained page (no script, no CDN): one row per operation, the schemas being in /openapi.json. */
function docsPage(document: OpenApiDocument): string {
  const rows = Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map(
      ({ path, method, operation }) =>
        `<tr><td><code>${method}</code></td><td><code>${escapeHtml(path)}</code></td>` +
        `<td>${escapeHtml(operation.summary ?? "")}</td><td>${operation.security ? "token" : "public"}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f1f1f}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left}
code{font-size:.9em}th{background:#f4f4f6}</style></head>
<body><h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description ?? "")}</p>
<p>Request and response schemas: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>method</th><th>path</th><th>what it does</th><th>auth</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}
