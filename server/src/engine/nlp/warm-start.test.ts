import { apiPath } from "@beannote/contract";
import { afterEach, describe, expect, it } from "vitest";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { loadedNlpModels } from "./index";

describe.each(pgliteOnly)("the worker warms the language tools on $name", (kind) => {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    await database?.close();
    server = database = undefined;
  });

  it("in the background once the server listens, with the languages asked for", async () => {
    database = await kind.create();
    server = await startTestServer(database, { worker: { warmNlp: ["en"] } });
    // ready before the warm-up: the server answers while it runs
    expect((await fetch(`${server.url}${apiPath("health")}`)).status).toBe(200);
    const warmed = await server.warming;
    expect(warmed?.map((w) => w.lang)).toEqual(["en"]);
    expect(loadedNlpModels().map((m) => m.name)).toContain("wink");
  });

  it("not in the API-only role, nor where the tests turn it off", async () => {
    database = await kind.create();
    server = await startTestServer(database, { role: "api", worker: { warmNlp: ["zh"] } });
    expect(server.warming).toBeUndefined();
    await server.close();
    server = await startTestServer(database);
    expect(server.warming).toBeUndefined();
  });
});
