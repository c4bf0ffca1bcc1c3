import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "./client";

/** PostgreSQL's SQLSTATE for a statement ended by a cancel request. */
const QUERY_CANCELED = "57014";

/**
 * Reads on the embedded database wait their turn here rather than in PGlite's own queue (which cannot give a
 * waiter back): a request whose client went away leaves this queue before it costs the single thread anything.
 */
class Gate {
  private busy = false;
  private readonly waiters: { resolve: () => void; signal?: AbortSignal; onAbort: () => void }[] = [];

  get waiting(): number {
    return this.waiters.length;
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (!this.busy) {
      this.busy = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve,
        signal,
        onAbort: () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(signal?.reason);
        },
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.waiters.shift();
    if (!next) {
      this.busy = false;
      return;
    }
    next.signal?.removeEventListener("abort", next.onAbort);
    next.resolve();
  }
}

const gates = new WeakMap<object, Gate>();
const scopedDbs = new WeakMap<pg.PoolClient, Db>();

/** Reads on PGlite waiting for their turn (tests and monitoring). */
export function waitingReads(db: Db): number {
  return gates.get(clientOf(db) ?? db)?.waiting ?? 0;
}

const clientOf = (db: Db): object | undefined => (db as unknown as { $client?: object }).$client;

/**
 * Runs `read` so that it stops when `signal` aborts (the client went away): it does not start, it leaves the
 * PGlite queue, or, on PostgreSQL, its running statement is cancelled (`pg_cancel_backend`) and that connection
 * is discarded rather than returned to the pool. Rejects with `signal.reason` then. For reads only: a write
 * cancelled half-way would be the caller's to undo.
 */
export async function cancellable<T>(
  db: Db,
  signal: AbortSignal | undefined,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  if (!signal) return read(db);
  signal.throwIfAborted();
  const client = clientOf(db);
  if (client instanceof pg.Pool) return cancellablePg(client, signal, read);
  if (client instanceof PGlite) {
    let gate = gates.get(client);
    if (!gate) gates.set(client, (gate = new Gate()));
    await gate.acquire(signal);
    try {
      signal.throwIfAborted();
      return await read(db);
    } finally {
      gate.release();
    }
  }
  return read(db);
}

async function cancellablePg<T>(
  pool: pg.Pool,
  signal: AbortSignal,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  const connection = await pool.connect();
  let cancelled = false;
  const onAbort = () => {
    cancelled = true;
    void cancelBackend(pool, (connection as unknown as { processID: number }).processID);
  };
  try {
    signal.throwIfAborted();
    signal.addEventListener("abort", onAbort, { once: true });
    let scoped = scopedDbs.get(connection);
    if (!scoped) scopedDbs.set(connection, (scoped = drizzlePg(connection) as unknown as Db));
    return await read(scoped);
  } catch (error) {
    if (cancelled || (error as { code?: string }).code === QUERY_CANCELED) throw signal.reason ?? error;
    throw error;
  } finally {
    signal.removeEventListener("abort", onAbort);
    // A cancel request travels on its own connection and may land after this statement ended: a connection
    // that was sent one never serves another query.
    connection.release(cancelled);
  }
}

/** Sends the cancel on a connection of its own: the pool may be exhausted by the very load that made clients leave. */
async function cancelBackend(pool: pg.Pool, pid: number): Promise<void> {
  const client = new pg.Client(pool.options);
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select pg_cancel_backend($1)", [pid]);
  } catch {
    // The statement ends with its request anyway; a failed cancel only costs the time it takes.
  } finally {
    await client.end().catch(() => undefined);
  }
}
