/** What a fair queue has in hand now (monitoring, tests, benchmarks). */
export interface FairQueueLoad {
  running: number;
  waiting: number;
  peakRunning: number;
}

/** Slots for heavy work shared by many users, handed out in turn across users rather than first come. */
export interface FairQueue {
  /**
   * Waits for a slot for `owner` and returns its release. Throws `tooMany()` when the whole queue is full and
   * `ownerTooMany()` when this owner already has `maxWaitingPerOwner` waiting.
   */
  acquire(owner: string): Promise<() => void>;
  readonly load: FairQueueLoad;
}

/**
 * At most `concurrency` holders at once; the others wait in one line per owner, and a freed slot goes to the
 * next owner in turn (round robin), so one user's fifty exports cannot make another user's single one wait
 * behind all of them.
 */
export function createFairQueue(options: {
  concurrency: number;
  maxWaiting: number;
  maxWaitingPerOwner: number;
  tooMany: () => Error;
  ownerTooMany: () => Error;
}): FairQueue {
  let running = 0;
  let peakRunning = 0;
  let waitingCount = 0;
  /** Owners with someone waiting, in serving order; Map keeps insertion order, so re-adding moves one last. */
  const lines = new Map<string, (() => void)[]>();

  const grant = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = lines.entries().next();
      if (next.done) {
        running--;
        return;
      }
      const [owner, line] = next.value;
      const wake = line.shift()!;
      waitingCount--;
      // this owner had its turn: it goes to the back of the round
      lines.delete(owner);
      if (line.length > 0) lines.set(owner, line);
      wake(); // the slot passes over: `running` stays the same
    };
  };

  return {
    get load() {
      return { running, waiting: waitingCount, peakRunning };
    },
    async acquire(owner) {
      if (running < options.concurrency) {
        running++;
        peakRunning = Math.max(peakRunning, running);
        return grant();
      }
      const line = lines.get(owner) ?? [];
      if (line.length >= options.maxWaitingPerOwner) throw options.ownerTooMany();
      if (waitingCount >= options.maxWaiting) throw options.tooMany();
      await new Promise<void>((resolve) => {
        line.push(resolve);
        waitingCount++;
        if (!lines.has(owner)) lines.set(owner, line);
      });
      return grant();
    },
  };
}
