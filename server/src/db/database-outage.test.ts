import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { startTestServer, type TestServer } from "../../test/test-server";
import { createTestUser } from "../modules/files/test-support";
import { isDatabaseUnavailable } from "./unavailable";

const postgres = testDatabases.find((kind) => kind.name === "postgres");

/**
 * A TCP relay between the server and PostgreSQL. `down()` drops every open connection and refuses new ones, as
 * a PostgreSQL restart does to its clients; `up()` accepts again. The shared test cluster itself is untouched.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async down() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    up: listen,
  };
}

describe("isDatabaseUnavailable", () => {
  it("tells a lost database from a wrong statement, through wrapping errors", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const wrapped = new Error("Failed query: select 1", { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("starting up"), { code: "57P03" }))).toBe(true);
    const unique = Object.assign(new Error("duplicate key value"), { code: "23505" });
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: unique }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe.skipIf(!postgres)("PostgreSQL restarting under load (TEST_DATABASE_URL)", () => {
  let database: TestDatabase;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    database = await postgres!.create();
    const url = new URL(database.env.DATABASE_URL!);
    relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${relay.port}`;
    server = await startTestServer(database, { env: { DATABASE_URL: url.toString(), LOG_LEVEL: "fatal" } });
    ({ token } = await createTestUser(server.database.db));
  });
  afterAll(async () => {
    await server?.close();
    await relay?.up().catch(() => undefined);
    await database?.close();
  });

  const list = () => server.call("GET", "/note/list?page=1&pageSize=10", { token });

  it("answers 503 SERVICE_UNAVAILABLE while the database is gone, never 500, and recovers by itself", async () => {
    expect((await list()).http).toBe(200);

    // Requests in flight when the connections drop, and requests during the gap.
    const inFlight = Array.from({ length: 20 }, () => list());
    await relay.down();
    const during = await Promise.all([
      ...inFlight,
      ...Array.from({ length: 10 }, () => list()),
      server.call("GET", "/ready"),
      server.call("POST", "/note/generate", {
        token,
        body: { title: "t", outputLanguage: "en-US", detailLevel: "simple", fileIds: [crypto.randomUUID()] },
      }),
    ]);
    const statuses = during.map((result) => result.http);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const unavailable = during.filter((result) => result.http === 503);
    expect(unavailable.length).toBeGreaterThanOrEqual(13);
    for (const result of unavailable) expect(result.body.code).toBe("SERVICE_UNAVAILABLE");
    const headers = await fetch(`${server.url}/note/list`, { headers: { token } });
    expect(headers.status).toBe(503);
    expect(headers.headers.get("retry-after")).toBe("5");

    const downAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await relay.up();
    let recovered = await list();
    while (recovered.http !== 200 && Date.now() - downAt < 15_000) {
      expect(recovered.http).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 100));
      recovered = await list();
    }
    expect(recovered.http).toBe(200);
    // The pool holds only fresh connections now: a burst of requests all succeed.
    const after = await Promise.all(Array.from({ length: 20 }, () => list()));
    expect(after.map((result) => result.http)).toEqual(Array(20).fill(200));
  }, 60_000);
});
