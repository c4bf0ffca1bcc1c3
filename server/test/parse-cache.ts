// The study bed's fixtures parsed once per code version, not once per suite: a FileParser and a PreviewRenderer
// that answer from a cache on disk (os.tmpdir()), filled by the real parser threads and the real LibreOffice on
// a miss. The key is the file's bytes (and the OCR language hint, the preview's slide mode) under a version that
// is the hash of the reading code (every source file the parser and the renderer import) and of the lock file.
// Suites that test reading files (ingest, files, preview) use the real ones, never this; s3-uploads, which
// tests the storage path around the parse (its download and hash stay real), reads through it.
import { createHash, randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SourceDocument } from "@beannote/contract";
import type { FileParser, PreviewRenderer } from "../src/modules/files/parse-file.job";
import { createParserPool } from "../src/ingest/parser-pool";
import { createOcr } from "../src/ingest/ocr/ocr";
import { renderPdfPreview } from "../src/ingest/office-preview";

const SERVER_SRC = fileURLToPath(new URL("../src/", import.meta.url));
const LOCK_FILE = fileURLToPath(new URL("../../package-lock.json", import.meta.url));
/** Where reading a file starts: the pool, its thread's script (loaded by URL), the preview renderer. */
const ENTRIES = ["ingest/parser-pool.ts", "ingest/parse-worker.ts", "ingest/office-preview.ts"];

/** The source files `entries` import, followed through relative imports (the packages are the lock file's). */
async function sourcesOf(entries: string[]): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(file, "utf8").catch(() =>
      readFile(file.replace(/\.ts$/, "/index.ts"), "utf8"),
    );
    for (const [, specifier] of text.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), specifier!);
      await visit(/\.[cm]?[jt]s$/.test(target) ? target.replace(/\.js$/, ".ts") : `${target}.ts`);
    }
  };
  for (const entry of entries) await visit(path.join(SERVER_SRC, entry));
  return [...seen].sort();
}

let cacheDir: Promise<string> | undefined;
/** One folder per version of the reading code: a change to it (or to a package) reads every file again. */
function cacheDirOf(): Promise<string> {
  return (cacheDir ??= (async () => {
    const hash = createHash("sha256");
    for (const file of [...(await sourcesOf(ENTRIES)), LOCK_FILE])
      hash.update(path.relative(SERVER_SRC, file)).update(await readFile(file));
    const dir = path.join(os.tmpdir(), `beannote-parse-cache-${hash.digest("hex").slice(0, 16)}`);
    await mkdir(dir, { recursive: true });
    return dir;
  })());
}

const keyOf = async (filePath: string, ...extra: string[]) =>
  createHash("sha256")
    .update(await readFile(filePath))
    .update(JSON.stringify(extra))
    .digest("hex");

/**
 * Writes beside, then renames: a reader never sees half a file, and two suites filling one key both win. The
 * folder is made again if it went away meanwhile (a clean of /tmp): a parse job failing on ENOENT waited its
 * retry backoff.
 */
async function store(target: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${target}.${randomBytes(4).toString("hex")}.tmp`;
  await mkdir(path.dirname(target), { recursive: true });
  await write(temporary);
  await rename(temporary, target).catch(() => rm(temporary, { force: true }));
}

/** The real parser threads (OCR on, as the server's default), started only on a miss and ended after it. */
export const cachedParser: FileParser = {
  async parse(filePath, options = {}) {
    const cached = path.join(await cacheDirOf(), `${await keyOf(filePath, options.languageHint ?? "")}.json`);
    const hit = await readFile(cached, "utf8").catch(() => null);
    if (hit !== null) return JSON.parse(hit) as SourceDocument;
    const pool = createParserPool({ ocr: createOcr({ enabled: true }) });
    try {
      const document = await pool.parse(filePath, options);
      await store(cached, (temporary) => writeFile(temporary, JSON.stringify(document)));
      return document;
    } finally {
      await pool.close();
    }
  },
};

const parsedInProcess = new Map<string, Promise<string>>();
/**
 * `parseFile(bytes, fileName)` in this thread (no OCR), as the engine suites call it, answered from the cache on
 * disk after the first suite that reads the file, and read once per file within a process. Every answer is a
 * fresh copy, the same whether the cache held it or not (both pass through JSON).
 */
export async function cachedParseFile(
  filePath: string,
  fileName = path.basename(filePath),
): Promise<SourceDocument> {
  const memo = `${filePath}\0${fileName}`;
  let json = parsedInProcess.get(memo);
  if (!json) {
    json = (async () => {
      const cached = path.join(await cacheDirOf(), `${await keyOf(filePath, "parseFile", fileName)}.json`);
      const hit = await readFile(cached, "utf8").catch(() => null);
      if (hit !== null) return hit;
      // loaded on a miss only: a suite whose files are all cached never loads the parsers
      const { parseFile } = await import("../src/ingest/parse-file");
      const text = JSON.stringify(await parseFile(await readFile(filePath), fileName));
      await store(cached, (temporary) => writeFile(temporary, text));
      return text;
    })();
    parsedInProcess.set(memo, json);
    json.catch(() => parsedInProcess.delete(memo));
  }
  return JSON.parse(await json) as SourceDocument;
}

/** main.ts's renderer (LibreOffice, hidden slides kept), its PDF kept for the next suite. */
export const cachedPreview: PreviewRenderer = async (input, outDir) => {
  const allSlides = /\.pptx?$/i.test(input);
  const cached = path.join(await cacheDirOf(), `${await keyOf(input, "preview", String(allSlides))}.pdf`);
  const output = path.join(outDir, `${path.parse(input).name}.pdf`);
  if (
    await copyFile(cached, output).then(
      () => true,
      () => false,
    )
  )
    return output;
  const rendered = await renderPdfPreview(input, outDir, { allSlides });
  if (rendered) await store(cached, (temporary) => copyFile(rendered, temporary));
  return rendered;
};

/** For startTestServer in suites about what comes after a file is read (notes, exports, artefacts). */
export const cachedReading = { parser: cachedParser, renderPreview: cachedPreview };
