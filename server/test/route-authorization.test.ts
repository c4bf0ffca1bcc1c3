import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notesRepo } from "../src/modules/notes/notes.repo";
import { jobsRepo } from "../src/jobs/jobs.repo";
import { pgliteOnly, type TestDatabase } from "./test-db";
import type { TestServer } from "./test-server";
import { seedNote } from "./seed";
import { exampleOf } from "./zod-example";
import { fillPath, PUBLIC_ROUTES, startWalkedServer, walkUser, type WalkedRoute } from "./route-walk";

/**
 * Walks every route the API registers — so a route added tomorrow is covered the day it lands — without a
 * token (401), with a token that is not one (401), and as another user with the first user's ids in the path
 * (404: another user's things do not exist) and in the body or query (404, or an answer that shows none of them).
 */
describe.each(pgliteOnly)("authorization of every route on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let routes: WalkedRoute[];
  let ids: Record<string, string>;
  let secrets: string[];
  let bob: Awaited<ReturnType<typeof walkUser>>;

  beforeAll(async () => {
    database = await kind.create();
    ({ server, routes } = await startWalkedServer(database));
    const db = server.database.db;
    const alice = await walkUser(db);
    bob = await walkUser(db);
    const { noteId, fileId } = await seedNote(db, alice.userId);
    const marker = `alice-secret-${randomUUID()}`;
    await notesRepo.update(db, noteId, { title: marker });
    const job = await server.queue.enqueue("walk.idle", {}, { userId: alice.userId });
    await jobsRepo.update(db, job.id, { status: "done", finishedAt: new Date() });
    ids = { noteId, fileId, jobId: job.id, userId: alice.userId };
    secrets = [noteId, fileId, job.id, marker];
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const send = (route: WalkedRoute, path: string, headers: Record<string, string>, body?: unknown) =>
    server.app.inject({
      method: route.method as "GET",
      url: path,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  const idFor = (field: string) => ids[field.replace(/s$/, "")];
  const bodyOf = (route: WalkedRoute) =>
    route.schema.body
      ? exampleOf(route.schema.body, idFor)
      : ["GET", "DELETE"].includes(route.method)
        ? undefined
        : {};
  const queryOf = (route: WalkedRoute) => {
    if (!route.schema.querystring) return "";
    const example = exampleOf(route.schema.querystring, idFor) as Record<string, unknown>;
    const query = new URLSearchParams(
      Object.entries(example).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return query.size > 0 ? `?${query}` : "";
  };

  it("finds the routes, and every public one is public on purpose", () => {
    expect(routes.length).toBeGreaterThan(20);
    const unexpected = routes.filter((route) => route.public && !(route.key in PUBLIC_ROUTES));
    expect(
      unexpected.map((route) => route.key),
      "public routes not in PUBLIC_ROUTES (server/test/route-walk.ts): add them there if they are meant to be",
    ).toEqual([]);
  });

  it("every other route answers 401 without a token and with a token that is not one", async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((route) => !route.public)) {
      const path = fillPath(route, ids) + queryOf(route);
      const none = await send(route, path, {}, bodyOf(route));
      if (none.statusCode !== 401 || none.json().code !== "UNAUTHORIZED") {
        wrong.push(`${route.key} without a token: ${none.statusCode} ${none.body.slice(0, 120)}`);
      }
      const forged = await send(route, path, { token: "not-a-token" }, bodyOf(route));
      if (forged.statusCode !== 401 || forged.json().code !== "TOKEN_INVALID") {
        wrong.push(`${route.key} with a forged token: ${forged.statusCode} ${forged.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("another user's ids in the path are 404, and in the body or query show nothing of theirs", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes.filter((route) => !route.public)) {
      const body = bodyOf(route);
      const query = queryOf(route);
      const inPath = route.params.length > 0;
      const inData = secrets.some(
        (secret) => JSON.stringify(body ?? "").includes(secret) || query.includes(secret),
      );
      if (!inPath && !inData) continue;
      checked++;
      const answer = await send(route, fillPath(route, ids) + query, { token: await bob.freshToken() }, body);
      const leaks = secrets.filter((secret) => answer.body.includes(secret));
      if (inPath && (answer.statusCode !== 404 || answer.json().code !== "NOT_FOUND")) {
        wrong.push(`${route.key}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
      } else if (!inPath && answer.statusCode !== 404 && (answer.statusCode !== 200 || leaks.length > 0)) {
        wrong.push(`${route.key} (ids in the body/query): ${answer.statusCode} ${answer.body.slice(0, 160)}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
