import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { installErrorHandling } from "../../http/error-handler";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { healthRoutes } from "./health.routes";

describe.each(testDatabases)("health probes on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  describe("GET /health and GET /ready", () => {
    it("answer without a token: alive, and ready when the database and storage answer", async () => {
      expect((await server.call("GET", "/health")).body).toMatchObject({
        status: 200,
        data: { status: "ok" },
      });
      expect((await server.call("GET", "/ready")).body).toMatchObject({
        status: 200,
        data: { status: "ready", checks: { database: true, storage: true } },
      });
    });

    it("/ready answers 503 naming what failed when the database or storage does not answer", async () => {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      installErrorHandling(app);
      const downDb = { execute: () => Promise.reject(new Error("connection refused")) } as unknown as Db;
      const fullDisk = {
        put: () => Promise.reject(new Error("ENOSPC")),
        delete: () => Promise.resolve(),
      } as unknown as Storage;
      await app.register(healthRoutes({ db: downDb, storage: fullDisk }));
      const ready = await app.inject({ method: "GET", url: "/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 503,
        code: "SERVICE_UNAVAILABLE",
        data: { checks: { database: false, storage: false } },
      });
      expect((await app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
      await app.close();
    });
  });
});
