import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { startTestServer, type TestServer } from "../../test/test-server";
import { runAdminCommand } from "./admin-command";

describe.each(testDatabases)("npm run admin on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  const lines: string[] = [];
  const admin = (...argv: string[]) =>
    runAdminCommand(argv, { db: server.database.db, startingBeans: 7, out: (line) => lines.push(line) });

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
