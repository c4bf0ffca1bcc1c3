import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isAlive } from "../process-alive";

/**
 * While a server runs on the embedded database (PGlite), no second process may open that database: PGlite is
 * one process's files, and a second opener neither sees the first one's writes nor may safely write itself.
 * So the server opens this link: an HTTP listener on 127.0.0.1 only, on a random port, that runs admin
 * commands inside the server, guarded by a random secret. Port and secret are in `DATA_DIR/admin-link.json`
 * (mode 0600), readable only by whoever may read the database files anyway.
 */
export const ADMIN_LINK_FILE = "admin-link.json";

export interface AdminLinkInfo {
  pid: number;
  port: number;
  secret: string;
}

export interface AdminResult {
  code: number;
  lines: string[];
}

const SECRET_HEADER = "x-beannote-admin-secret";
const MAX_BODY = 64 * 1024;

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error("too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Opens the link in this (server) process; `close` removes the file again. */
export async function startAdminLink(options: {
  dataDir: string;
  run(argv: string[]): Promise<AdminResult>;
  onError?(error: unknown): void;
}): Promise<{ close(): Promise<void>; info: AdminLinkInfo }> {
  const secret = randomBytes(32).toString("hex");
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    const given = request.headers[SECRET_HEADER];
    if (request.method !== "POST" || typeof given !== "string" || !sameSecret(given, secret)) {
      return send(403, { error: "forbidden" });
    }
    readBody(request)
      .then(async (text) => {
        const body = JSON.parse(text) as { argv?: unknown };
        const argv = Array.isArray(body.argv) ? body.argv.filter((arg) => typeof arg === "string") : [];
        send(200, await options.run(argv));
      })
      .catch((error: unknown) => {
        options.onError?.(error);
        send(500, { error: error instanceof Error ? error.message : String(error) });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const info: AdminLinkInfo = {
    pid: process.pid,
    port: typeof address === "object" && address ? address.port : 0,
    secret,
  };
  const file = path.join(options.dataDir, ADMIN_LINK_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(info), { mode: 0o600 });
  await rename(temporary, file);
  return {
    info,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Only our own file: a newer server may have replaced it.
      const current = await readAdminLink(options.dataDir, { checkAlive: false });
      if (current?.secret === secret) await rm(file, { force: true });
    },
  };
}

/** The running server's link, or null when there is none (or its process has ended: a stale file). */
export async function readAdminLink(
  dataDir: string,
  options: { checkAlive?: boolean } = {},
): Promise<AdminLinkInfo | null> {
  const text = await readFile(path.join(dataDir, ADMIN_LINK_FILE), "utf8").catch(() => null);
  if (!text) return null;
  try {
    const info = JSON.parse(text) as AdminLinkInfo;
    if (!Number.isInteger(info.pid) || !Number.isInteger(info.port) || typeof info.secret !== "string")
      return null;
    if (options.checkAlive !== false && !isAlive(info.pid)) return null;
    return info;
  } catch {
    return null;
  }
}

/** The server behind the link answered, with an error: the command ran (or was refused) there. */
export class AdminCommandFailed extends Error {}

/**
 * Runs a command in the server behind `link`; throws AdminCommandFailed when the server answered with an
 * error, another error when it cannot be reached.
 */
export async function callAdminLink(link: AdminLinkInfo, argv: string[]): Promise<AdminResult> {
  const response = await fetch(`http://127.0.0.1:${link.port}/`, {
    method: "POST",
    headers: { "content-type": "application/json", [SECRET_HEADER]: link.secret },
    body: JSON.stringify({ argv }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  let body: Partial<AdminResult> & { error?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = { error: text.trim().slice(0, 500) || `HTTP ${response.status}` };
  }
  if (!response.ok || typeof body.code !== "number") {
    throw new AdminCommandFailed(body.error ?? `HTTP ${response.status}`);
  }
  return { code: body.code, lines: body.lines ?? [] };
}
