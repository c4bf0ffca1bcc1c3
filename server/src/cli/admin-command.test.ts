import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { startTestServer, type TestServer } from "../../test/test-server";
import path from "node:path";
import { createLocalStorage } from "../storage/local-storage";
import { runAdminCommand } from "./admin-command";
import { runAdminCli } from "./admin-cli";
import { ADMIN_LINK_FILE } from "./admin-link";
import { readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { createServer as createHttpServer } from "node:http";
import { spawnSync } from "node:child_process";

describe.each(testDatabases)("npm run admin on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  const lines: string[] = [];
  const admin = (...argv: string[]) =>
    runAdminCommand(argv, {
      db: server.database.db,
      storage: createLocalStorage(path.join(database.dataDir, "files")),
      startingBeans: 7,
      out: (line) => lines.push(line),
    });

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("creates, lists, re-passwords, disables and enables an account", async () => {
    expect(await admin("create", "Teacher@School.edu", "chalk-2024", "Ms Wu")).toBe(0);
    expect(await admin("list")).toBe(0);
    expect(lines.join("\n")).toMatch(/teacher@school\.edu\tMs Wu\tfalse/);

    const login = (password: string) =>
      server.call<{ token: string }>("POST", "/member/password-login", {
        body: { email: "teacher@school.edu", password },
      });
    const first = await login("chalk-2024");
    expect(first.body.status).toBe(200);
    const beans = await server.call<{ effectCloudBeans: number }>("GET", "/member/get-info", {
      token: first.body.data.token,
    });
    expect(beans.body.data.effectCloudBeans).toBe(7);

    expect(await admin("set-password", "teacher@school.edu", "board-2025")).toBe(0);
    expect((await server.call("GET", "/member/get-info", { token: first.body.data.token })).body.code).toBe(
      "TOKEN_INVALID",
    );
    expect((await login("board-2025")).body.status).toBe(200);

    expect(await admin("disable", "teacher@school.edu")).toBe(0);
    expect((await login("board-2025")).body.code).toBe("ACCOUNT_DISABLED");
    expect(await admin("enable", "teacher@school.edu")).toBe(0);
    expect((await login("board-2025")).body.status).toBe(200);
  });

  it("explains bad input with an exit code", async () => {
    expect(await admin("create", "x@y.zz", "weak")).toBe(2);
    expect(lines.at(-1)).toContain("PASSWORD_WEAK");
    expect(await admin("disable", "nobody@y.zz")).toBe(2);
    expect(await admin("frobnicate")).toBe(1);
    expect(lines.at(-1)).toContain("Usage");
  });
});

describe.each(testDatabases)("npm run admin beside a running server on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let idle: TestDatabase;

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, { role: "api" });
    idle = await kind.create();
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await idle?.close();
  });

  const cli = async (env: Record<string, string | undefined>, ...argv: string[]) => {
    const out: string[] = [];
    const code = await runAdminCli(argv, { env, out: (line) => out.push(line) });
    return { code, out };
  };

  it("creates an account the running server sees at once, and grants it Beancoin", async () => {
    const created = await cli(database.env, "create", "live@school.edu", "chalk-2024", "Live");
    expect(created.code).toBe(0);
    const login = await server.call<{ token: string }>("POST", "/member/password-login", {
      body: { email: "live@school.edu", password: "chalk-2024" },
    });
    expect(login.body.status).toBe(200);
    expect((await cli(database.env, "beans", "live@school.edu", "+40")).out).toEqual([
      `live@school.edu: ${server.config.STARTING_BEANS + 40} Beancoin`,
    ]);
    const info = await server.call<{ effectCloudBeans: number }>("GET", "/member/get-info", {
      token: login.body.data.token,
    });
    expect(info.body.data.effectCloudBeans).toBe(server.config.STARTING_BEANS + 40);
    expect((await cli(database.env, "beans", "live@school.edu", "-100000")).out).toEqual([
      "live@school.edu: 0 Beancoin",
    ]);
    expect((await cli(database.env, "list")).out.join("\n")).toMatch(/live@school\.edu\tLive\tfalse/);
    expect((await cli(database.env, "beans", "live@school.edu", "lots")).code).toBe(1);
  });

  it("refuses a grant out of range, caps a balance at 1,000,000,000 and takes any amount down to 0", async () => {
    expect((await cli(database.env, "create", "rich@school.edu", "chalk-2024")).code).toBe(0);
    const beans = (change?: string) =>
      cli(database.env, "beans", "rich@school.edu", ...(change === undefined ? [] : [change]));
    const start = server.config.STARTING_BEANS;
    for (const change of ["+99999999999", "+2147483647", "+1000000001", `+${"9".repeat(400)}`]) {
      const refused = await beans(change);
      expect([change, refused.code]).toEqual([change, 2]);
      expect(refused.out.join("\n")).toMatch(/out of range.*1,000,000,000/);
      expect(refused.out.join("\n")).not.toMatch(/could not reach/);
    }
    expect((await beans()).out).toEqual([`rich@school.edu: ${start} Beancoin`]);
    // two grants at the limit: the balance stops at the cap, and the operator is told
    expect((await beans("+1000000000")).out).toEqual([
      `rich@school.edu: 1000000000 Beancoin (capped: an account holds at most 1,000,000,000; ${1_000_000_000 - start} granted)`,
    ]);
    const second = await beans("+1000000000");
    expect(second.code).toBe(0);
    expect(second.out[0]).toMatch(/^rich@school\.edu: 1000000000 Beancoin \(capped.*; 0 granted\)$/);
    // huge amounts to take clamp at 0
    expect((await beans("-99999999999")).out).toEqual(["rich@school.edu: 0 Beancoin"]);
    expect((await beans("+5")).out).toEqual(["rich@school.edu: 5 Beancoin"]);
    expect((await beans(`-${"9".repeat(400)}`)).out).toEqual(["rich@school.edu: 0 Beancoin"]);
    expect((await beans("+1000000000")).out).toEqual(["rich@school.edu: 1000000000 Beancoin"]);
    expect((await beans("-1000000000")).out).toEqual(["rich@school.edu: 0 Beancoin"]);
  });

  it.runIf(kind.name === "pglite")(
    "reaches the server through its loopback link; ignores a stale link; refuses when the server does not answer",
    async () => {
      const link = JSON.parse(await readFile(path.join(database.dataDir, ADMIN_LINK_FILE), "utf8")) as {
        pid: number;
        port: number;
        secret: string;
      };
      expect(link.pid).toBe(process.pid);
      expect((await stat(path.join(database.dataDir, ADMIN_LINK_FILE))).mode & 0o777).toBe(0o600);
      // Without the secret the link does nothing.
      const forged = await fetch(`http://127.0.0.1:${link.port}/`, {
        method: "POST",
        headers: { "x-beannote-admin-secret": "0".repeat(64) },
        body: JSON.stringify({ argv: ["list"] }),
      });
      expect(forged.status).toBe(403);

      // A link left by a server that is gone: the CLI opens the database itself.
      const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
      await writeFile(
        path.join(idle.dataDir, ADMIN_LINK_FILE),
        JSON.stringify({ pid: dead, port: 1, secret: "x" }),
      );
      expect((await cli(idle.env, "create", "offline@school.edu", "chalk-2024")).code).toBe(0);

      // A live server that does not answer: refuse, and say what to do.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as { port: number }).port;
      await new Promise((resolve) => closed.close(resolve));
      await writeFile(
        path.join(idle.dataDir, ADMIN_LINK_FILE),
        JSON.stringify({ pid: process.pid, port, secret: "x" }),
      );
      const refused = await cli(idle.env, "list");
      expect(refused.code).toBe(3);
      expect(refused.out[0]).toMatch(/server \(process \d+\) is running on the embedded database/);
      expect(refused.out[0]).toMatch(/stop it and run the command again/);

      // A server that answers with an error: its error is printed, not "could not be reached".
      const failing = createHttpServer((_request, response) => {
        response
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: 'value "99999999999" is out of range for type integer' }));
      });
      await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
      await writeFile(
        path.join(idle.dataDir, ADMIN_LINK_FILE),
        JSON.stringify({ pid: process.pid, port: (failing.address() as { port: number }).port, secret: "x" }),
      );
      try {
        const failed = await cli(idle.env, "list");
        expect(failed.code).toBe(2);
        expect(failed.out).toEqual([
          'error: the server could not run the command: value "99999999999" is out of range for type integer',
        ]);
      } finally {
        await new Promise((resolve) => failing.close(resolve));
      }
    },
  );

  it.runIf(kind.name === "postgres")("opens PostgreSQL directly: the server opens no link", async () => {
    await expect(stat(path.join(database.dataDir, ADMIN_LINK_FILE))).rejects.toThrow();
  });
});
