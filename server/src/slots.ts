/** A counting semaphore: at most `size` holders at once, the rest wait in order. */
export function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async acquire(signal?: AbortSignal): Promise<() => void> {
      if (free > 0) free--;
      else
        await new Promise<void>((resolve, reject) => {
          const grant = () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          };
          const onAbort = () => {
            const i = waiting.indexOf(grant);
            if (i >= 0) waiting.splice(i, 1);
            reject(signal?.reason ?? new Error("aborted while waiting for a slot"));
          };
          if (signal?.aborted) return onAbort();
          signal?.addEventListener("abort", onAbort, { once: true });
          waiting.push(grant);
        });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else free++;
      };
    },
  };
}
