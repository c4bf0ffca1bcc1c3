import { randomUUID } from "node:crypto";
import type { RouteOptions } from "fastify";
import type { Db } from "../src/db/client";
import { createAuthService } from "../src/modules/auth/auth.service";
import { createTestUser } from "../src/modules/files/test-support";
import type { TestDatabase } from "./test-db";
import { startTestServer, type TestServer } from "./test-server";

/** One method and path of the API as registered, with its zod schemas. */
export interface WalkedRoute {
  method: string;
  url: string;
  key: string;
  public: boolean;
  params: string[];
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

/**
 * Routes that answer without a token, each for a reason. A new public route must be added here on purpose;
 * every other route needs a token.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  "GET /health": "liveness probe",
  "GET /ready": "readiness probe",
  "GET /config/web": "the web app's configuration before login",
  "POST /captcha-new": "registration and password reset",
  "POST /member/send-code": "registration and password reset",
  "POST /member/check-code": "registration and password reset",
  "POST /member/register/email": "registration",
  "PUT /member/forget": "password reset",
  "POST /member/password-login": "login",
  "GET /media/portraits/:userId/:name": "avatars, by an unguessable name",
  "GET /media/feedback/:userId/:name": "feedback images, by an unguessable name",
  "GET /note/:noteId/podcast/audio": "podcast audio, by a signed query",
};

/** Values for path parameters that are not ids of a user's objects (ids are filled by the walk itself). */
export const PARAM_FIXTURES: Record<string, string> = {
  name: "0123456789abcdef0123456789abcdef.png",
};

/** Starts the API (no job worker) and records every route it registers. */
export async function startWalkedServer(database: TestDatabase): Promise<{
  server: TestServer;
  routes: WalkedRoute[];
}> {
  const registered: RouteOptions[] = [];
  const server = await startTestServer(database, { role: "api", onRoute: (route) => registered.push(route) });
  const routes = new Map<string, WalkedRoute>();
  for (const route of registered) {
    for (const method of [route.method].flat()) {
      if (method === "HEAD" || method === "OPTIONS") continue;
      const key = `${method} ${route.url}`;
      routes.set(key, {
        method,
        url: route.url,
        key,
        public: route.config?.public === true,
        params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
        schema: (route.schema ?? {}) as WalkedRoute["schema"],
      });
    }
  }
  return { server, routes: [...routes.values()].sort((a, b) => a.key.localeCompare(b.key)) };
}

/**
 * The path with each parameter filled: an id-like one (`noteId`, `cardId`, …) from `ids` or a random UUID,
 * another from PARAM_FIXTURES. An unknown one fails loudly, so a new route is never skipped in silence.
 */
export function fillPath(route: WalkedRoute, ids: Record<string, string> = {}): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = ids[name] ?? PARAM_FIXTURES[name] ?? (/Id$/.test(name) ? randomUUID() : undefined);
    if (value === undefined) {
      throw new Error(
        `${route.key}: no value for the path parameter :${name}. Add one to PARAM_FIXTURES in server/test/route-walk.ts`,
      );
    }
    return encodeURIComponent(value);
  });
}

/** A fresh user and a way to mint tokens for it (one per request, so a logout never spoils the next). */
export async function walkUser(db: Db) {
  const user = await createTestUser(db);
  const auth = createAuthService({ db, ttlDays: 1 });
  return { ...user, freshToken: () => auth.issueToken(user.userId) };
}
