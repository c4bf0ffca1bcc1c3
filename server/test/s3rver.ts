import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("./s3rver-process.ts", import.meta.url));

/** A real S3-protocol server (npm s3rver) on a random loopback port, in a child process. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** What the server needs to use this bucket (path style; s3rver's fixed credentials). */
  env: Record<string, string>;
  /** Takes the storage down (the process ends; connections are refused). */
  stop(): Promise<void>;
  /** Brings it back on the same port with the same objects. */
  start(): Promise<void>;
  close(): Promise<void>;
}

function launch(
  directory: string,
  port: number,
  bucket: string,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, directory, String(port), bucket], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const line = buffer.split("\n")[0];
      if (buffer.includes("\n") && line)
        resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.once("error", reject);
  });
}

export async function startS3rver(bucket = "beannote"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "beannote-s3rver-"));
  let { child, port } = await launch(directory, 0, bucket);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "on",
    },
    stop,
    async start() {
      await stop();
      ({ child, port } = await launch(directory, port, bucket));
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
