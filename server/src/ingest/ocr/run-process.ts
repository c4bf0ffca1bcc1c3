import { spawn } from "node:child_process";

/** Why a child process did not give its output. */
export class ProcessError extends Error {
  constructor(
    readonly kind: "missing" | "failed" | "timeout" | "aborted",
    message: string,
  ) {
    super(message);
    this.name = "ProcessError";
  }
}

export interface RunOptions {
  /** Bytes written to the child's standard input (then closed). */
  input?: Buffer;
  /** Killed (SIGKILL) when this aborts: the promise rejects with kind "aborted". */
  signal?: AbortSignal;
  /** Killed past this many ms: the promise rejects with kind "timeout". */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Largest standard output kept, in bytes (default 64 MiB); past it the child is killed. */
  maxOutputBytes?: number;
  /** Called with the child's pid once it runs (tests watch it being killed). */
  onSpawn?: (pid: number) => void;
}

/**
 * Runs a program without a shell and resolves with its standard output. The child is killed on abort or
 * time-out, so a cancelled parse leaves no OCR process behind.
 */
export function runProcess(command: string, args: string[], opts: RunOptions = {}): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new ProcessError("aborted", `${command} not started: aborted`));
      return;
    }
    const child = spawn(command, args, {
      stdio: ["pipe", "pipe", "pipe"],
      env: opts.env ?? process.env,
      shell: false,
      windowsHide: true,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let settled: ProcessError | "done" | null = null;
    const maxOutput = opts.maxOutputBytes ?? 64 * 1024 * 1024;

    const stop = (error: ProcessError) => {
      if (settled) return;
      settled = error;
      child.kill("SIGKILL");
    };
    const onAbort = () => stop(new ProcessError("aborted", `${command} aborted`));
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const timer =
      opts.timeoutMs !== undefined
        ? setTimeout(
            () => stop(new ProcessError("timeout", `${command} ran over ${opts.timeoutMs} ms`)),
            opts.timeoutMs,
          )
        : null;
    const cleanup = () => {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
    };

    child.on("spawn", () => {
      if (child.pid !== undefined) opts.onSpawn?.(child.pid);
    });
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) stop(new ProcessError("failed", `${command} wrote over ${maxOutput} bytes`));
      else chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString("utf8");
    });
    // A child that exits before reading all its input must not crash us with EPIPE.
    child.stdin.on("error", () => undefined);
    child.on("error", (error: NodeJS.ErrnoException) => {
      cleanup();
      if (settled && settled !== "done") return reject(settled);
      settled = "done";
      reject(
        new ProcessError(
          error.code === "ENOENT" || error.code === "EACCES" ? "missing" : "failed",
          `${command}: ${error.message}`,
        ),
      );
    });
    child.on("close", (code, signal) => {
      cleanup();
      if (settled && settled !== "done") return reject(settled);
      if (settled === "done") return;
      settled = "done";
      if (code === 0) resolve(Buffer.concat(chunks));
      else
        reject(
          new ProcessError(
            "failed",
            `${command} exited with ${code ?? signal}: ${stderr.trim().slice(0, 500)}`,
          ),
        );
    });
    child.stdin.end(opts.input);
  });
}
