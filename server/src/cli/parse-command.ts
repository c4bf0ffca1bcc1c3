import path from "node:path";
import type { SourceDocument } from "@beannote/contract";
import { IngestError, ingestMessages } from "../ingest/errors";
import { loadConfig } from "../config";
import { createOcrFromConfig } from "../ingest/ocr/ocr-from-config";
import { createParserPool } from "../ingest/parser-pool";

const USAGE = "usage: npm run cli -- parse <file> [--json]";

/**
 * `parse <file> [--json]`: parse a file with the same worker pool the server uses and print the
 * SourceDocument (readable text, or JSON with --json). On failure prints
 * `{"error":{"code","message"}}` on stdout and returns 2.
 */
export async function runParseCommand(
  argv: string[],
  out: (s: string) => void = (s) => process.stdout.write(s),
): Promise<number> {
  const json = argv.includes("--json");
  const files = argv.filter((a) => !a.startsWith("--"));
  if (files.length !== 1) {
    out(JSON.stringify({ error: { code: "BAD_REQUEST", message: USAGE } }) + "\n");
    return 2;
  }
  const file = path.resolve(files[0]!);
  const config = loadConfig();
  // Scans are read as the server reads them (OCR as the OCR_* variables say).
  const pool = createParserPool({
    size: 1,
    timeoutMs: config.PARSE_TIMEOUT_S * 1000,
    ocr: createOcrFromConfig(config),
  });
  try {
    const doc = await pool.parse(file, { fileName: path.basename(file) });
    out(json ? JSON.stringify(doc, null, 2) + "\n" : formatDocument(doc));
    return 0;
  } catch (err) {
    const code = err instanceof IngestError ? err.code : "FILE_CORRUPT";
    out(JSON.stringify({ error: { code, message: ingestMessages[code].en } }) + "\n");
    return 2;
  } finally {
    await pool.close();
  }
}

/** A readable rendering: title line, then each section's heading and its blocks with page numbers. */
export function formatDocument(doc: SourceDocument): string {
  const lines: string[] = [
    `# ${doc.title}`,
    `format: ${doc.format}  language: ${doc.language}  pages: ${doc.pageCount}  sections: ${doc.sections.length}`,
    ...(doc.ocr
      ? [
          `ocr: ${doc.ocr.pages.map((p) => `p${p.page} (${p.confidence})`).join(" ") || "none"}` +
            `  unreadable: ${doc.ocr.unreadablePages.join(",") || "none"}` +
            `  skipped: ${doc.ocr.skippedPages.join(",") || "none"}${doc.ocr.unavailable ? " (no OCR)" : ""}`,
        ]
      : []),
    "",
  ];
  for (const s of doc.sections) {
    if (s.heading) lines.push(`${"#".repeat(Math.min(6, s.level + 1))} ${s.heading}`, "");
    for (const b of s.blocks) {
      const tag = `[p${b.page}]`;
      if (b.type === "list") for (const item of b.items ?? []) lines.push(`${tag} - ${item}`);
      else if (b.type === "table")
        for (const row of b.rows ?? []) lines.push(`${tag} | ${row.join(" | ")} |`);
      else if (b.type === "quote") lines.push(`${tag} > ${b.text ?? ""}`);
      else lines.push(`${tag} ${b.text ?? ""}`);
      lines.push("");
    }
  }
  return lines.join("\n");
}
