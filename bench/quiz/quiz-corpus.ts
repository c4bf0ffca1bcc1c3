import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputLanguage, SourceDocument } from "@beannote/contract";
import { createOfflineEngine } from "../../server/src/engine";
import { parseFile } from "../../server/src/ingest/parse-file";
import { BUILT, builtDocx } from "./corpus";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../../shared/fixtures/documents", import.meta.url)));
/** Fixtures with no text to quiz on (broken, encrypted, scanned, placeholders). */
const SKIP = /^(?:corrupt|encrypted|malformed|wrong-extension|zipbomb)|image-only/;
const OUTPUT: Record<string, OutputLanguage> = { en: "en-US", zh: "zh-CN", ru: "en-US" };

export interface CorpusNote {
  name: string;
  outputLanguage: OutputLanguage;
  doc: SourceDocument;
  markdown: string;
}

/**
 * The fixtures with text and the built documents, each parsed and turned into its detailed offline note. With
 * QUIZ_BENCH_CACHE=dir the notes are kept there between runs (for iterating on the quiz alone).
 */
export async function* corpusNotes(only?: RegExp): AsyncGenerator<CorpusNote> {
  const engine = createOfflineEngine();
  const cache = process.env.QUIZ_BENCH_CACHE;
  const files: { name: string; outputLanguage: OutputLanguage; bytes: () => Promise<Buffer> }[] = [
    ...(await readdir(FIXTURES))
      .filter((f) => /\.(?:pdf|docx?|pptx?)$/.test(f) && !SKIP.test(f))
      .map((name) => ({
        name,
        outputLanguage: OUTPUT[name.slice(0, 2)] ?? "en-US",
        bytes: () => readFile(path.join(FIXTURES, name)),
      })),
    ...BUILT.map((b) => ({
      name: b.name,
      outputLanguage: b.outputLanguage,
      bytes: () => builtDocx(b.outline),
    })),
  ];
  for (const file of files) {
    if (only && !only.test(file.name)) continue;
    const cached = cache ? path.join(cache, `${file.name}.json`) : null;
    if (cached) {
      try {
        yield JSON.parse(await readFile(cached, "utf8")) as CorpusNote;
        continue;
      } catch {
        // not cached yet
      }
    }
    const doc = await parseFile(await file.bytes(), file.name);
    const note = await engine.generateNote({
      sources: [{ doc, fileName: file.name }],
      title: doc.title || file.name,
      outputLanguage: file.outputLanguage,
      detailLevel: "detail",
    });
    const out: CorpusNote = {
      name: file.name,
      outputLanguage: file.outputLanguage,
      doc,
      markdown: note.markdown,
    };
    if (cached) {
      await mkdir(cache!, { recursive: true });
      await writeFile(cached, JSON.stringify(out));
    }
    yield out;
  }
}
