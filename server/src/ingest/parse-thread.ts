/**
 * A parse thread (started through `parse-worker.ts`): parses one file per message, off the server's main thread.
 * Message in: ParseRequest. Message out: ParseReply. A large PDF may arrive as several `pdf-part`
 * requests spread over the pool's threads, then one `pdf-assemble` request.
 */
import { readFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import type { SourceDocument } from "@beannote/contract";
import { UPLOAD_MAX_MB_DEFAULT } from "@beannote/contract";
import { IngestError } from "./errors";
import { installFastStructuredClone } from "./fast-clone";
import { parseFile } from "./parse-file";
import {
  assemblePdf,
  parsePdfForOcr,
  parsePdfPart,
  type PdfOcrOutcome,
  type PdfPagesPart,
} from "./parse-pdf";
import { parsePptxForOcr, type PptxForOcr } from "./ocr/slide-pictures";
import { parsePptForOcr, type PptForOcr } from "./parse-ppt";
import { sniffFormat } from "./sniff";

export type ParseRequest = { id: number; filePath: string; fileName?: string; maxBytes?: number } &
  /**
   * `ocr`: a PDF with pages without a text layer comes back as its pages (`part`), a deck with picture-only
   * slides with those pictures (`slides`), to be OCRed.
   */
  (
    | { kind?: "file"; ocr?: boolean }
    | { kind: "pdf-part"; part: { index: number; of: number } }
    | { kind: "pdf-assemble"; parts: PdfPagesPart[]; ocr?: PdfOcrOutcome }
  );

export type ParseReply =
  | {
      id: number;
      ok: true;
      doc?: SourceDocument;
      part?: PdfPagesPart;
      slides?: PptxForOcr;
      pptSlides?: PptForOcr;
    }
  | { id: number; ok: false; code: string; detail?: string }
  | { ready: true };

const port = parentPort;
if (!port) throw new Error("parse-worker must run in a worker thread");
installFastStructuredClone();

port.on("message", (req: ParseRequest) => {
  void handle(req).then((reply) => port.postMessage(reply));
});
port.postMessage({ ready: true } satisfies ParseReply);

async function handle(req: ParseRequest): Promise<ParseReply> {
  try {
    const data = await readFile(req.filePath);
    const maxBytes = req.maxBytes ?? UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;
    if (data.length > maxBytes) throw new IngestError("FILE_TOO_LARGE", `${data.length} bytes`);
    const input = { data, fileName: req.fileName };
    if (req.kind === "pdf-part") return { id: req.id, ok: true, part: await parsePdfPart(input, req.part) };
    if (req.kind === "pdf-assemble")
      return { id: req.id, ok: true, doc: await assemblePdf(input, req.parts, req.ocr) };
    const format = req.ocr ? sniffFormat(data) : null;
    if (format === "pdf") return { id: req.id, ok: true, ...(await parsePdfForOcr(input)) };
    if (format === "pptx") return { id: req.id, ok: true, ...(await parsePptxForOcr(input)) };
    if (format === "ppt") return { id: req.id, ok: true, ...(await parsePptForOcr(input)) };
    return { id: req.id, ok: true, doc: await parseFile(data, req.fileName, { maxBytes }) };
  } catch (err) {
    if (err instanceof IngestError) return { id: req.id, ok: false, code: err.code, detail: err.detail };
    return { id: req.id, ok: false, code: "FILE_CORRUPT", detail: String((err as Error)?.stack ?? err) };
  }
}
