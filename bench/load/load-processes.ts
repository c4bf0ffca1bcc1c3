/** Server processes for the load benchmark: started with `npm run serve`'s command, watched by their RSS. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const MiB = 1024 * 1024;

export interface ServerProcess {
  role: "all" | "api" | "worker";
  child: ChildProcess;
  /** Base URL (API roles only). */
  url?: string;
  /** Resident memory now, in bytes (0 once exited). */
  rss(): number;
  /** CPU used so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

export function rssOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) the process has used so far, in milliseconds. */
export function cpuMsOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Starts `server/src/main.ts --role <role>` and, for API roles, waits until `/health` answers. */
export async function startProcess(
  role: ServerProcess["role"],
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const port = role === "worker" ? 0 : await freePort();
  const args = [...nodeArgs, "--import", "tsx", "server/src/main.ts", "--role", role];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    // The access log (LOG_LEVEL=info writes a line per request) goes nowhere, as to a log shipper's pipe.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = role === "worker" ? undefined : `http://127.0.0.1:${port}`;
  if (url) {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`${role} process exited with ${child.exitCode}`);
      const up = await fetch(`${url}/health`).catch(() => null);
      if (up?.ok) break;
      if (i > 600) throw new Error(`${role} process did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    role,
    child,
    url,
    rss: () => (child.exitCode === null ? rssOf(child.pid) : 0),
    cpuMs: () => cpuMsOf(child.pid),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Peak RSS of each process while `work` runs (sampled every 100 ms). */
export async function watchPeaks<T>(
  processes: ServerProcess[],
  work: () => Promise<T>,
): Promise<{ result: T; peaks: number[] }> {
  const peaks = processes.map((p) => p.rss());
  const timer = setInterval(
    () => processes.forEach((p, i) => (peaks[i] = Math.max(peaks[i]!, p.rss()))),
    100,
  );
  try {
    const result = await work();
    return { result, peaks };
  } finally {
    clearInterval(timer);
  }
}
