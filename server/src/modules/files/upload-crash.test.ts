import { spawn, type ChildProcess } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileInfo, UploadUrlResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { runAdminCli } from "../../cli/admin-cli";
import { fixturesDir } from "./test-support";

const pglite = testDatabases.find((kind) => kind.name === "pglite")!;
const serverScript = fileURLToPath(new URL("../../../test/server-process.ts", import.meta.url));
const FIXTURE = "en-moby-dick-headings-lists.docx";

interface Child {
  process: ChildProcess;
  url: string;
}

/** The server in a process of its own, on the embedded database and local files of `database`. */
async function startChild(database: TestDatabase): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", serverScript], {
    env: { ...process.env, ...database.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const { url } = await new Promise<{ url: string }>((resolve, reject) => {
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const line = buffer.split("\n").find((text) => text.startsWith("{"));
      if (line && buffer.includes("\n")) resolve(JSON.parse(line) as { url: string });
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { process: child, url };
}

/** Every file under `dir`, recursively, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("kill -9 of the only server in the middle of an upload (embedded database)", () => {
  let database: TestDatabase;
  let server: Child | undefined;
  let token = "";

  const call = async <T>(method: string, route: string, body?: unknown) => {
    const response = await fetch(`${server!.url}${route}`, {
      method,
      headers: { token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { http: response.status, ...((await response.json()) as { code?: string; data: T }) };
  };

  beforeAll(async () => {
    database = await pglite.create();
    server = await startChild(database);
    await runAdminCli(["create", "crash@example.edu", "study-2024"], { env: database.env, out: () => {} });
    const login = await call<{ token: string }>("POST", "/member/password-login", {
      email: "crash@example.edu",
      password: "study-2024",
    });
    token = login.data.token;
  }, 120_000);
  afterAll(async () => {
    if (server && server.process.exitCode === null && server.process.signalCode === null) {
      const exited = new Promise((resolve) => server!.process.once("exit", resolve));
      server.process.kill("SIGTERM");
      await exited;
    }
    await database?.close();
  });

  it("leaves the file waiting for its bytes, nothing half-made, and the client's retry works", async () => {
    const bytes = await readFile(path.join(fixturesDir, FIXTURE));
    const slot = await call<UploadUrlResponse>("POST", "/file/upload-url", {
      fileName: FIXTURE,
      size: bytes.length,
    });
    expect(slot.http).toBe(200);
    const { fileId, uploadUrl } = slot.data;

    // Half the bytes arrive, then the server is killed before the rest.
    const half = Math.floor(bytes.length / 2);
    const upload = httpRequest(`${server!.url}${uploadUrl}`, {
      method: "PUT",
      headers: { token, "content-length": String(bytes.length) },
    });
    const cut = new Promise<string>((resolve) => {
      upload.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      upload.on("response", (response) => resolve(`answered ${response.statusCode}`));
    });
    upload.write(bytes.subarray(0, half));
    const filesDir = path.join(database.dataDir, "files");
    const deadline = Date.now() + 15_000;
    while (!(await filesUnder(filesDir).catch(() => [])).some((name) => name.endsWith(".part"))) {
      if (Date.now() > deadline) throw new Error("the server never started writing the upload");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const exited = new Promise((resolve) => server!.process.once("exit", resolve));
    server!.process.kill("SIGKILL");
    await exited;
    expect(await cut).toMatch(/ECONNRESET|EPIPE|socket hang up/);

    // Restarted on the same data: the session holds, the file still waits for its bytes.
    server = await startChild(database);
    const waiting = await call<FileInfo>("GET", `/file/${fileId}`);
    expect(waiting.http).toBe(200);
    expect(waiting.data).toMatchObject({ fileId, status: "uploading", size: bytes.length });
    // Only the interrupted write's temporary file is on disk (the storage sweep removes it), no object.
    const onDisk = await filesUnder(filesDir);
    expect(onDisk.filter((name) => !name.endsWith(".part"))).toEqual([]);

    // The retry sends the whole file again and it is read.
    const retry = await fetch(`${server.url}${uploadUrl}`, {
      method: "PUT",
      headers: { token },
      body: bytes,
    });
    expect(retry.status).toBe(200);
    let info = (await call<FileInfo>("GET", `/file/${fileId}`)).data;
    const readDeadline = Date.now() + 60_000;
    while (info.status === "parsing" && Date.now() < readDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      info = (await call<FileInfo>("GET", `/file/${fileId}`)).data;
    }
    expect(info).toMatchObject({ status: "ready", size: bytes.length });
  }, 180_000);
});
