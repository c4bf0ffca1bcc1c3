import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { buildServer } from "../scripts/build";
import { runAdminCli } from "../src/cli/admin-cli";
import { fixturesDir } from "../src/modules/files/test-support";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
// Inside server/ (the bundles import npm packages from server/node_modules and the root's), under dist/ (ignored).
const outDir = path.join(repoRoot, "server", "dist", `test-${randomUUID()}`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

describe("the built server (npm start)", () => {
  let dataDir: string;
  let child: ChildProcess;
  let base: string;
  let token: string;
  let output = "";

  beforeAll(async () => {
    const [main] = await buildServer(outDir);
    // A new DATA_DIR, as on a first `npm start`: the built server creates its database (in a child process).
    dataDir = await mkdtemp(path.join(os.tmpdir(), "beannote-built-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Plain node on the bundle: no tsx, as `npm start` runs it.
    child = spawn(process.execPath, [main!], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        OCR: "off",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // Polls the state (the server up) rather than waiting a fixed time.
    const deadline = Date.now() + 200_000;
    while ((await fetch(`${base}/health`).catch(() => null))?.status !== 200) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer /health:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A user through the admin command, which reaches the running server on its embedded database.
    const email = `built${Date.now()}@example.edu`;
    const lines: string[] = [];
    const code = await runAdminCli(["create", email, "study-2024"], {
      env: { DATA_DIR: dataDir },
      out: (line) => lines.push(line),
    });
    expect(code, lines.join("\n")).toBe(0);
    const login = (await (
      await fetch(`${base}/member/password-login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "study-2024" }),
      })
    ).json()) as { data: { token: string } };
    token = login.data.token;
    // A first start runs initdb: slow on a busy machine.
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  });

  it("is what npm start and npm run serve run, with node and without tsx", async () => {
    const { scripts } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const name of ["start", "serve"]) {
      expect(scripts[name]).toMatch(/&& exec node server\/dist\/main\.js$/);
      expect(scripts[name]).not.toMatch(/\btsx\b|server\/src\/main\.ts/);
    }
  });

  it("loads at boot none of what only some requests need", async () => {
    // The packages main.js pulls in before it runs (static imports, through its chunks): import() stays lazy.
    const packages = new Set<string>();
    const seen = new Set<string>();
    const walk = async (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = await readFile(file, "utf8");
      for (const [, from, bare] of text.matchAll(
        /^(?:import|export)\s[^;]*?from\s*"([^"]+)"|^import\s*"([^"]+)"/gm,
      )) {
        const specifier = (from ?? bare)!;
        if (specifier.startsWith("./")) await walk(path.join(path.dirname(file), specifier));
        else packages.add(specifier);
      }
    };
    await walk(path.join(outDir, "main.js"));
    expect(packages).toContain("fastify");
    for (const lazy of [
      "ai",
      "@ai-sdk/openai-compatible",
      "@aws-sdk/client-s3",
      "pptxgenjs",
      "nodemailer",
      "sql.js",
    ])
      expect(packages, lazy).not.toContain(lazy);
  });

  it("parses a PDF in a built parse thread with V8's own Array push, not pdf.js's slower polyfill", async () => {
    // The thread reads push before anything loads and answers whether it is still that one after a parse (a
    // bundle evaluates its static imports, pdf.js among them, before its own code: it had read pdf.js's).
    const entry = pathToFileURL(path.join(outDir, "parse-worker.js")).href;
    const worker = new Worker(
      `const { parentPort } = require("node:worker_threads");
       const native = Array.prototype.push;
       parentPort.on("message", (m) => m === "push?" && parentPort.postMessage({ nativePush: Array.prototype.push === native }));
       import(${JSON.stringify(entry)});`,
      { eval: true },
    );
    try {
      type Reply = { ready?: boolean; id?: number; ok?: boolean; nativePush?: boolean };
      const next = () =>
        new Promise<Reply>((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
        });
      expect(await next()).toEqual({ ready: true });
      worker.postMessage({ id: 1, filePath: path.join(fixturesDir, "en-paper-tracemonkey-trace-jit.pdf") });
      expect(await next()).toMatchObject({ id: 1, ok: true });
      worker.postMessage("push?");
      expect(await next()).toEqual({ nativePush: true });
    } finally {
      await worker.terminate();
    }
  });

  it("created its database on the first start, leaving nothing half-made", async () => {
    expect((await readdir(dataDir)).filter((name) => name.startsWith("pgdata"))).toEqual(["pgdata"]);
  });

  it("answers /health, /ready and /openapi.json", async () => {
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const ready = await fetch(`${base}/ready`);
    expect(ready.status, await ready.text()).toBe(200);
    const openApi = await fetch(`${base}/openapi.json`);
    expect(openApi.status).toBe(200);
    expect(Object.keys(((await openApi.json()) as { paths: object }).paths)).toContain("/note/{noteId}");
  });

  it("parses an upload in its built worker threads", async () => {
    const bytes = await readFile(path.join(fixturesDir, "en-various-formatting.docx"));
    const headers = { token, "content-type": "application/json" };
    const start = (await (
      await fetch(`${base}/file/upload-url`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          fileName: "formatting.docx",
          size: bytes.length,
          contentType: "application/octet-stream",
        }),
      })
    ).json()) as { status: number; data: UploadUrlResponse };
    expect(start.status).toBe(200);
    const put = await fetch(new URL(start.data.uploadUrl, base), {
      method: "PUT",
      headers: { ...start.data.headers, token },
      body: bytes,
    });
    expect(put.status).toBe(200);
    await expect
      .poll(
        async () => {
          const file = (await (
            await fetch(`${base}/file/${start.data.fileId}`, { headers: { token } })
          ).json()) as {
            data: FileInfo;
          };
          return file.data.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe("ready");
  });
});
