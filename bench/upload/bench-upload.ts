/**
 * 100 MiB through the upload API: a server in a child process (API role, so no parse runs during the
 * measurement), the bytes generated on the fly and PUT as one stream. Prints MB/s and the server's RSS
 * growth (target ≤ 64 MiB): the body must be streamed to storage, never held whole in memory.
 *
 *   npm run bench:upload   (BENCH_UPLOAD_MB=100 by default; TEST_DATABASE_URL=postgres://… for PostgreSQL)
 */
import { spawn } from "node:child_process";
import { randomFillSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../server/src/db/client";
import { createTestUser } from "../../server/src/modules/files/test-support";
import { testDatabases } from "../../server/test/test-db";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const sizeMb = Number(process.env.BENCH_UPLOAD_MB ?? 100);
const totalBytes = Math.round(sizeMb * 1024 * 1024);
const MiB = 1024 * 1024;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
};

async function call(url: string, init: RequestInit & { token?: string }) {
  const response = await fetch(url, {
    ...init,
    headers: { "content-type": "application/json", ...(init.token ? { token: init.token } : {}) },
  });
  return (await response.json()) as { status: number; code?: string; data: Record<string, unknown> };
}

/** A PDF-looking stream of pseudo-random bytes, produced as it is read. */
function generated(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    highWaterMark: MiB,
    read() {
      if (sent >= bytes) return void this.push(null);
      const size = Math.min(MiB, bytes - sent);
      const chunk = randomFillSync(Buffer.allocUnsafe(size));
      if (sent === 0) chunk.write("%PDF-1.7\n", 0, "latin1");
      sent += size;
      this.push(chunk);
    },
  });
}

// PGlite by default; a fresh PostgreSQL database (dropped afterwards) when TEST_DATABASE_URL is set.
const testDb = await testDatabases.at(-1)!.create();
const { dataDir } = testDb;
const databaseUrl = testDb.env.DATABASE_URL;
try {
  // A user and token, written before the server starts (PGlite is one process's database).
  const database = await openDatabase({ url: databaseUrl, dataDir });
  const { token } = await createTestUser(database.db);
  await database.close();

  const port = await freePort();
  // The API role without a worker (no parse during the measure), started through startServer: the command
  // line refuses split roles on the embedded database.
  const server = spawn(
    process.execPath,
    ["--import", "tsx", "server/test/server-process.ts", "--role", "api"],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        LOG_LEVEL: "warn",
        UPLOAD_MAX_MB: String(Math.max(100, sizeMb)),
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/config/web`).catch(() => null);
      if (up?.ok) break;
      if (i > 300) throw new Error("server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Warm the route once so the baseline includes the code paths the upload uses.
    const warm = await call(`${base}/file/upload-url`, {
      method: "POST",
      token,
      body: JSON.stringify({ fileName: "warm.pdf", size: 1024, contentType: "application/pdf" }),
    });
    await putStream(`${base}${String(warm.data.uploadUrl)}`, token, generated(1024), 1024);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const baseline = rssOf(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 20);

    const upload = await call(`${base}/file/upload-url`, {
      method: "POST",
      token,
      body: JSON.stringify({ fileName: "big.pdf", size: totalBytes, contentType: "application/pdf" }),
    });
    if (upload.status !== 200) throw new Error(`upload-url: ${JSON.stringify(upload)}`);
    const started = performance.now();
    const answer = await putStream(
      `${base}${String(upload.data.uploadUrl)}`,
      token,
      generated(totalBytes),
      totalBytes,
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(server.pid!));

    const growth = peak - baseline;
    console.log(`upload: ${sizeMb} MiB via PUT /file/:id/content (${databaseUrl ? "postgres" : "pglite"})`);
    console.log(`  answer: ${answer.status} ${answer.code ?? ""} status=${String(answer.data?.status)}`);
    console.log(`  time: ${seconds.toFixed(2)} s, throughput: ${(sizeMb / seconds).toFixed(1)} MiB/s`);
    console.log(
      `  server RSS: baseline ${(baseline / MiB).toFixed(1)} MiB, peak ${(peak / MiB).toFixed(1)} MiB, growth ${(growth / MiB).toFixed(1)} MiB (target ≤ 64 MiB) ${growth <= 64 * MiB ? "OK" : "OVER"}`,
    );
    if (answer.status !== 200 || growth > 64 * MiB) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
} finally {
  await testDb.close();
}

function putStream(url: string, token: string, body: Readable, length: number) {
  return new Promise<{ status: number; code?: string; data?: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, {
      method: "PUT",
      headers: { token, "content-type": "application/octet-stream", "content-length": length },
    });
    req.on("response", (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => resolve(JSON.parse(Buffer.concat(parts).toString("utf8"))));
    });
    req.on("error", reject);
    body.pipe(req);
  });
}
