import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { loadConfig } from "../../config";
import type { ArtefactApiDeps, ArtefactKind } from "./artefact-kind";
import { kindRoutes } from "./artefact-kinds";

/**
 * Registers kinds' routes (through `kindRoutes`, as the composition root does) on a bare fastify app, on deps
 * that are never called (nothing is requested), and lists them by `METHOD /path`.
 */
export async function registeredRoutes(kinds: readonly ArtefactKind[]): Promise<string[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: string[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD" && method !== "OPTIONS") routes.push(`${method} ${route.url}`);
  });
  const deps = { config: loadConfig({}) } as unknown as ArtefactApiDeps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const routesOf of kindRoutes(deps, kinds)) await api.register(routesOf);
  await app.ready();
  await app.close();
  return routes;
}
