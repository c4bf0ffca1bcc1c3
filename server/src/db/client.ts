import { execFile } from "node:child_process";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { childProcessArgs, workerEntry } from "../worker-entry";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repo methods accept either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** PGlite's buffer cache (its data files stay in the OS page cache as well). */
const PGLITE_SHARED_BUFFERS = "16MB";

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Opens PostgreSQL when a URL is given, else PGlite in `<dataDir>/pgdata`, and applies the migrations. */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  if (options.url) {
    // A database that accepts TCP but never answers (mid-failover) fails a request after 5 s, not never.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection that PostgreSQL drops (restart, failover, admin) emits here; unhandled, it would end
    // the process. The pool discards that client and opens a new one for the next query.
    pool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  const dir = path.join(options.dataDir, "pgdata");
  if (await isEmptyDir(dir)) await initPgliteInChild(dir);
  await mkdir(dir, { recursive: true });
  const client = await createPglite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

const createPglite = (dir: string) =>
  PGlite.create(dir, {
    // Title search's trigram index (migration 0008).
    extensions: { pg_trgm },
    // 16 MB of shared buffers instead of PostgreSQL's 128 MB: PGlite touches every buffer at start and its WASM
    // memory never shrinks, so the default costs ~120 MiB of RSS for a cache the OS page cache already provides.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });

const isEmptyDir = (dir: string) =>
  readdir(dir).then(
    (entries) => entries.length === 0,
    () => true,
  );

/** Creates (initdb) and migrates a new embedded database in `dir`, in this process. */
export async function initPglite(dir: string): Promise<void> {
  const client = await createPglite(dir);
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  await client.close();
}

/**
 * PGlite's initdb grows its WASM memory by ~160 MiB that is never given back, so a first start on a new
 * DATA_DIR creates the database in a child process (pglite-init.ts) and then opens it like any later start.
 * It is built beside `dir` and renamed into place, so a start that dies half-way leaves no half-made database.
 */
async function initPgliteInChild(dir: string): Promise<void> {
  const building = `${dir}.init-${process.pid}-${Date.now()}`;
  // PGlite creates only the last folder of its path (a test template's new DATA_DIR does not exist yet).
  await mkdir(path.dirname(dir), { recursive: true });
  try {
    const entry = workerEntry(new URL("./pglite-init.ts", import.meta.url));
    await promisify(execFile)(process.execPath, [...childProcessArgs(entry), building], {
      maxBuffer: 16 * 1024 * 1024,
    });
    await rm(dir, { recursive: true, force: true });
    await rename(building, dir);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr;
    throw stderr ? new Error(`creating the embedded database failed: ${stderr.trim()}`) : error;
  }
}
