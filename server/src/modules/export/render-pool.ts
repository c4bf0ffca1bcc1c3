import type { Worker } from "node:worker_threads";
import { AppError } from "../../http/app-error";
import { startWorker, workerEntry } from "../../worker-entry";
import { createFairQueue, type FairQueueLoad } from "../../render/fair-queue";
import type { RenderReply, RenderRequest } from "./render-worker";
import type { RenderKind, RenderTasks } from "./render-tasks";

/** Why a render thread gave no result: over its time limit, out of its heap, or failed or died otherwise. */
export class RenderError extends Error {
  constructor(
    readonly reason: "timeout" | "memory" | "failed",
    detail: string,
  ) {
    super(`render ${reason}: ${detail}`);
  }
}

export interface RenderPoolOptions {
  /** Threads at most (default 2); each is started when needed and ends after `idleMs` without work. */
  size?: number;
  /** V8 heap cap per thread in MB (default 1024): a task past it fails with reason `memory`. */
  maxOldGenerationSizeMb?: number;
  /** Time limit of one task (default 120 s): past it the thread is ended and the task fails with `timeout`. */
  timeoutMs?: number;
  /** How long an idle thread is kept (default 30 s), so that its heap goes back to the system afterwards. */
  idleMs?: number;
  /**
   * How long an idle thread that has loaded the NLP models (it derived a mind map) is kept (default 10 min):
   * the next map runs on it instead of loading the models again in a new thread.
   */
  warmIdleMs?: number;
  /** Tasks one user may have waiting (default 3); more answer EXPORT_RATE_LIMITED. */
  maxWaitingPerOwner?: number;
  /** The thread's entry (default ./render-worker.ts, or its built .js); injectable for tests. */
  workerUrl?: URL;
}

/** Threads that build exports and mind maps of large notes, so that the event loop keeps answering. */
export interface RenderPool {
  /** Runs one task for `owner` (a user id: waiting tasks are served in turn across users). */
  run<K extends RenderKind>(
    kind: K,
    input: RenderTasks[K]["input"],
    owner: string,
  ): Promise<RenderTasks[K]["output"]>;
  /** Tasks running and waiting, threads alive and started so far (tests, benchmarks). */
  stats(): FairQueueLoad & { threads: number; starts: number };
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
  /** It has loaded the NLP models (ran a mind map): mind maps go to it first, other tasks elsewhere first. */
  warm: boolean;
  /** Settles the task in hand when the thread dies. */
  fail: ((error: RenderError) => void) | null;
}

/**
 * A small pool of render threads, started on demand and ended when idle. Each task has a time limit and each
 * thread a heap cap; a thread that overruns or dies is ended and its task fails cleanly, the others go on.
 * Waiting tasks take turns across users (one user's ten exports do not hold another's one behind them).
 */
export function createRenderPool(opts: RenderPoolOptions = {}): RenderPool {
  const size = Math.max(1, opts.size ?? 2);
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const idleMs = opts.idleMs ?? 30_000;
  const warmIdleMs = opts.warmIdleMs ?? 600_000;
  const entry = opts.workerUrl ?? workerEntry(new URL("./render-worker.ts", import.meta.url));
  const queue = createFairQueue({
    concurrency: size,
    maxWaiting: 40,
    maxWaitingPerOwner: opts.maxWaitingPerOwner ?? 3,
    tooMany: () => new AppError("EXPORT_BUSY", { retryAfterSeconds: 10 }),
    ownerTooMany: () => new AppError("EXPORT_RATE_LIMITED", { retryAfterSeconds: 30 }),
  });
  const idle: Thread[] = [];
  const alive = new Set<Thread>();
  let nextId = 1;
  let starts = 0;
  let closed = false;

  const end = (thread: Thread) => {
    alive.delete(thread);
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.worker.removeAllListeners();
    thread.worker.on("error", () => undefined);
    void thread.worker.terminate();
  };

  const start = (): Thread => {
    starts++;
    const worker = startWorker(entry, {
      resourceLimits: { maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb ?? 1024 },
      stdout: false,
      stderr: false,
    });
    const thread: Thread = { worker, ready: Promise.resolve(), idleTimer: null, warm: false, fail: null };
    thread.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (msg: RenderReply) => {
        if ("ready" in msg) {
          worker.off("message", onMessage);
          resolve();
        }
      };
      worker.on("message", onMessage);
      thread.fail = (error) => reject(error);
    });
    const died = (error: RenderError) => {
      const fail = thread.fail;
      end(thread);
      fail?.(error);
    };
    worker.on("error", (err: Error & { code?: string }) =>
      died(
        new RenderError(
          err.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "failed",
          `render thread died: ${String(err)}`,
        ),
      ),
    );
    worker.on("exit", (code) => died(new RenderError("failed", `render thread exited with ${code}`)));
    alive.add(thread);
    return thread;
  };

  const runOn = <K extends RenderKind>(thread: Thread, kind: K, input: RenderTasks[K]["input"]) =>
    new Promise<RenderTasks[K]["output"]>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        const fail = thread.fail;
        end(thread);
        fail?.(new RenderError("timeout", `${kind} over ${timeoutMs} ms`));
      }, timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        thread.worker.off("message", onMessage);
        thread.fail = null;
      };
      thread.fail = (error) => {
        settle();
        reject(error);
      };
      const onMessage = (msg: RenderReply) => {
        if ("ready" in msg || msg.id !== id) return;
        settle();
        if (msg.ok) resolve(msg.value as RenderTasks[K]["output"]);
        else reject(new RenderError("failed", msg.detail));
      };
      thread.worker.on("message", onMessage);
      thread.worker.postMessage({ id, kind, input } as RenderRequest);
    });

  return {
    async run(kind, input, owner) {
      if (closed) throw new RenderError("failed", "render pool is closed");
      const release = await queue.acquire(owner);
      let thread: Thread | undefined;
      try {
        // a mind map on a thread whose NLP models are loaded, other work on one without them where there is one
        const nlp = kind === "mind-map";
        const at = idle.findLastIndex((t) => t.warm === nlp);
        thread = (at >= 0 ? idle.splice(at, 1)[0] : idle.pop()) ?? start();
        if (thread.idleTimer) clearTimeout(thread.idleTimer);
        thread.idleTimer = null;
        await thread.ready;
        thread.fail = null;
        const value = await runOn(thread, kind, input);
        if (nlp) thread.warm = true;
        return value;
      } finally {
        if (thread && alive.has(thread) && !closed) {
          const kept = thread;
          kept.idleTimer = setTimeout(() => end(kept), kept.warm ? warmIdleMs : idleMs);
          kept.idleTimer.unref();
          idle.push(kept);
        }
        release();
      }
    },
    stats: () => ({ ...queue.load, threads: alive.size, starts }),
    async close() {
      closed = true;
      const all = [...alive];
      for (const thread of all) {
        const fail = thread.fail;
        end(thread);
        fail?.(new RenderError("failed", "render pool closed"));
      }
    },
  };
}
