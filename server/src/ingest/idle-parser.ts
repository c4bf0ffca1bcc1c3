/** How long a parser pool stays up with nothing to read before its threads are ended. */
export const PARSER_IDLE_MS = 30_000;

interface Closable<A extends unknown[], R> {
  parse(...args: A): Promise<R>;
  close(): Promise<void>;
}

/**
 * A parser pool that exists only while files are being read: the first parse starts it, and `idleMs` after the
 * last one finished it is closed, so its threads' heaps (parsed documents, pdf.js font and cMap caches, mammoth's
 * XML trees: hundreds of MiB after a large file) go back to the system instead of staying resident. A parse
 * that comes later starts a fresh pool (about a second of thread start-up).
 */
export function createIdleParser<A extends unknown[], R>(
  start: () => Closable<A, R>,
  idleMs = PARSER_IDLE_MS,
) {
  let pool: Closable<A, R> | undefined;
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let starts = 0;

  const retire = () => {
    timer = undefined;
    if (running > 0 || !pool) return;
    const idle = pool;
    pool = undefined;
    void idle.close();
  };

  return {
    async parse(...args: A): Promise<R> {
      clearTimeout(timer);
      timer = undefined;
      if (!pool) {
        pool = start();
        starts++;
      }
      running++;
      try {
        return await pool.parse(...args);
      } finally {
        running--;
        if (running === 0) {
          timer = setTimeout(retire, idleMs);
          timer.unref();
        }
      }
    },
    async close(): Promise<void> {
      clearTimeout(timer);
      const current = pool;
      pool = undefined;
      await current?.close();
    },
    /** Whether threads are up now, and how many times a pool was started (tests, monitoring). */
    stats: () => ({ up: pool !== undefined, running, starts }),
  };
}
