import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "./config";
import { checkRoleFits } from "./roles";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Runs `main.ts` with these arguments; resolves with its exit code and what it printed. */
function runMain(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts", ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe("split roles on the embedded database", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "beannote-roles-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("--role worker and --role api without DATABASE_URL are refused at boot, saying why, touching nothing", async () => {
    for (const role of ["worker", "api"]) {
      const { code, stderr } = await runMain(["--role", role], {
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
      });
      expect(code, role).toBe(1);
      expect(stderr).toContain(`--role ${role} needs a shared PostgreSQL database: set DATABASE_URL`);
      expect(stderr).toMatch(/only one process can open/);
      expect(stderr).toMatch(/worker would never see the API's jobs/);
    }
    // Refused before the database was opened: no PGlite files were created.
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("the check passes for --role all on PGlite and for every role with DATABASE_URL", () => {
    const pglite = { DATABASE_URL: undefined, dataDir: "/srv/beannote" };
    expect(() => checkRoleFits("all", pglite)).not.toThrow();
    expect(() => checkRoleFits("worker", pglite)).toThrow(ConfigError);
    expect(() => checkRoleFits("api", pglite)).toThrow(/\/srv\/beannote/);
    const postgres = { DATABASE_URL: "postgres://db/beannote", dataDir: "/srv/beannote" };
    for (const role of ["all", "api", "worker"] as const)
      expect(() => checkRoleFits(role, postgres)).not.toThrow();
  });
});
