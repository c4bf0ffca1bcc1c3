import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { startWalkedServer, type WalkedRoute } from "../../test/route-walk";
import type { TestServer } from "../../test/test-server";

interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** `/note/:noteId` as OpenAPI writes it: `/note/{noteId}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("GET /openapi.json", () => {
  let database: TestDatabase;
  let server: TestServer;
  let routes: WalkedRoute[];
  let document: Document;

  beforeAll(async () => {
    database = await testDatabases[0]!.create();
    ({ server, routes } = await startWalkedServer(database));
    const response = await fetch(`${server.url}/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const operationOf = (route: WalkedRoute) =>
    document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];

  it("is OpenAPI 3.1, without a token, and lists only the API (no web app files, no itself)", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).not.toContain("/openapi.json");
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/assets"))).toEqual([]);
  });

  it("describes every registered route, with its request and its answer", () => {
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .filter((route) => !operationOf(route)?.responses["200"]?.content)
      .map((r) => r.key);
    expect(missing, "add these routes to ROUTE_DOCS in server/src/http/openapi-routes.ts").toEqual([]);
    for (const route of routes) {
      const operation = operationOf(route)!;
      expect(operation.summary, route.key).not.toMatch(/Not described yet/);
      const parameters = operation.parameters ?? [];
      for (const name of route.params)
        expect(
          parameters.some((p) => p.in === "path" && p.name === name && p.schema),
          `${route.key} :${name}`,
        ).toBe(true);
      if (route.schema.querystring)
        expect(
          parameters.some((p) => p.in === "query"),
          `${route.key} query`,
        ).toBe(true);
      if (route.schema.body)
        expect(operation.requestBody?.content["application/json"]?.schema, `${route.key} body`).toBeTruthy();
      expect(
        operation.responses.default?.content?.["application/json"]?.schema,
        `${route.key} error`,
      ).toBeTruthy();
      expect(Boolean(operation.security), `${route.key} security`).toBe(!route.public);
    }
  });

  it("keeps the envelope {status, message, data} in JSON answers, data from the contract", () => {
    const login = document.paths["/member/password-login"]!.post!;
    const body = login.requestBody!.content["application/json"]!.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["email", "password"]));
    const answer = login.responses["200"]!.content!["application/json"]!.schema as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
      required: string[];
    };
    expect(answer.required).toEqual(expect.arrayContaining(["status", "message", "data"]));
    expect(Object.keys(answer.properties.data!.properties!)).toEqual(["token"]);
    const error = login.responses.default!.content!["application/json"]!.schema as {
      properties: Record<string, { enum?: string[] }>;
    };
    expect(error.properties.code!.enum).toContain("LOGIN_FAILED");
  });

  it("describes uploads and downloads by their content types", () => {
    const content = document.paths["/file/{fileId}/content"]!.put!;
    expect(Object.keys(content.requestBody!.content)).toEqual(["application/octet-stream"]);
    const portrait = document.paths["/upload/portrait"]!.post!;
    expect(Object.keys(portrait.requestBody!.content)).toEqual(["multipart/form-data"]);
    const audio = document.paths["/note/{noteId}/podcast/audio"]!.get!;
    expect(Object.keys(audio.responses["200"]!.content!)).toEqual(["audio/mpeg"]);
    expect(audio.security).toBeUndefined();
  });

  it("GET /docs lists the operations on a page of its own (no script)", async () => {
    const response = await fetch(`${server.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    for (const route of routes) expect(html, route.key).toContain(`<code>${openApiPath(route.url)}</code>`);
    expect(html).toContain('href="/openapi.json"');
  });
});
