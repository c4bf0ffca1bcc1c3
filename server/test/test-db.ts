import { createHash, randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, openDatabase } from "../src/db/client";

/** A fresh, migrated database for one test file: `env` is what startServer needs to use it. */
export interface TestDatabase {
  kind: "pglite" | "postgres";
  dataDir: string;
  env: { DATA_DIR: string; DATABASE_URL?: string };
  close(): Promise<void>;
}

export interface TestDatabaseKind {
  name: "pglite" | "postgres";
  create(): Promise<TestDatabase>;
}

async function migrationsHash(): Promise<string> {
  const hash = createHash("sha256");
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

/** initdb takes seconds: migrate one PGlite template per migration set, then copy it for each test. */
async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `beannote-pglite-template-${await migrationsHash()}`);
  if (await stat(path.join(template, "ready")).catch(() => null)) return template;
  const building = `${template}.${randomBytes(4).toString("hex")}.building`;
  const database = await openDatabase({ dataDir: building });
  await database.close();
  await mkdir(path.join(building, "ready"));
  await rename(building, template).catch(async () => rm(building, { recursive: true, force: true }));
  return template;
}

const pglite: TestDatabaseKind = {
  name: "pglite",
  async create() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "beannote-test-"));
    await cp(path.join(await pgliteTemplate(), "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
    return {
      kind: "pglite",
      dataDir,
      env: { DATA_DIR: dataDir },
      // A write the closed server had under way can still land while the folder goes: rm retries (ENOTEMPTY).
      close: () => rm(dataDir, { recursive: true, force: true, maxRetries: 10 }),
    };
  },
};

function postgres(adminUrl: string): TestDatabaseKind {
  return {
    name: "postgres",
    async create() {
      const name = `beannote_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "beannote-test-"));
      return {
        kind: "postgres",
        dataDir,
        env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        async close() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
          await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
        },
      };
    },
  };
}

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI). Use with `describe.each(testDatabases)` in a
 * suite whose SQL can behave differently on the two; every other suite runs on PGlite only (`pgliteOnly`).
 *
 * The rule. PGlite is PostgreSQL itself (the same parser, planner, types and errors) with one connection in this
 * process and its own driver, so what differs is what needs several connections or the network: concurrent
 * requests racing for a row, a lock or a quota (advisory locks, FOR UPDATE SKIP LOCKED, conditional updates),
 * jobs claimed, leased, cancelled or taken over by another process, the database going away, a second client
 * beside the server (the admin CLI), an index the planner must choose, and what each driver does with odd
 * parameters (unstorable text, hostile input). A suite that tests one of these runs on both:
 *   queue, worker-crash, jobs (claims, leases, cancel from another process); beans (no balance below zero under
 *   concurrent charges); member, files, feedback-quotas, note-copy-quota (limits under simultaneous requests);
 *   notes-fairness (queue fairness: waiting generations never stall parsing); quiz (30 simultaneous retries make one quiz,
 *   and it covers the artefacts' shared one-generation-at-a-time advisory lock); translate (its own lock);
 *   notes-list (the trigram index, a cancelled query); health (a database that does not answer); admin-command
 *   and feedback (the CLI's own connection beside the server); http-edges and route-hostile-input (text and input the driver
 *   must refuse as 400). roles, topology and database-outage run on PostgreSQL alone (several processes).
 * The others read and write rows one request at a time, the same on both, and run on PGlite only: podcast,
 * flashcards, slides, ask, llm-answer (their generation lock is quiz's), export, student (its admin commands
 * use the server's own connection), route-authorization, notes. A suite that runs on both may run only its cases
 * of the list above on PostgreSQL (files: its upload limits, member: its limits under concurrent requests,
 * feedback-quotas: its quotas and the CLI's sweep; their other cases are on PGlite alone).
 */
export const testDatabases: TestDatabaseKind[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

/** PGlite alone, for suites whose SQL means the same on both databases (the rule above). */
export const pgliteOnly: TestDatabaseKind[] = [pglite];
