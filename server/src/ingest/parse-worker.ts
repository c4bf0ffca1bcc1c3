/**
 * Worker thread entry: parses one file per message, off the server's main thread.
 * Message in: ParseRequest. Message out: ParseReply.
 */
import { readFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import type { SourceDocument } from "@beannote/contract";
import { IngestError } from "./errors";
import { parseFile } from "./parse-file";

export interface ParseRequest {
  id: number;
  filePath: string;
  fileName?: string;
  maxBytes?: number;
}

export type ParseReply =
  | { id: number; ok: true; doc: SourceDocument }
  | { id: number; ok: false; code: string; detail?: string }
  | { ready: true };

const port = parentPort;
if (!port) throw new Error("parse-worker must run in a worker thread");

port.on("message", (req: ParseRequest) => {
  void handle(req).then((reply) => port.postMessage(reply));
});
port.postMessage({ ready: true } satisfies ParseReply);

async function handle(req: ParseRequest): Promise<ParseReply> {
  try {
    const data = await readFile(req.filePath);
    const doc = await parseFile(data, req.fileName, { maxBytes: req.maxBytes });
    return { id: req.id, ok: true, doc };
  } catch (err) {
    if (err instanceof IngestError) return { id: req.id, ok: false, code: err.code, detail: err.detail };
    return { id: req.id, ok: false, code: "FILE_CORRUPT", detail: String((err as Error)?.stack ?? err) };
  }
}
