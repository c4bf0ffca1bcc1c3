import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputLanguage, SourceDocument } from "@beannote/contract";
import { parseFile } from "../server/src/ingest/parse-file";
import { createOfflineEngine } from "../server/src/engine";

const FIXTURES = path.resolve(fileURLToPath(new URL("../../shared/fixtures/documents", import.meta.url)));
const cases: [string, OutputLanguage][] = [
  ["en-large-irs-manual-400p.pdf", "en-US"],
  ["zh-lecture-notes-math-physics-methods.pdf", "zh-CN"],
];

/**
 * What the study-artefact benchmarks start from: the parsed 400-page fixture and a Chinese lecture, each with
 * its detailed offline note (parsing and note writing are not part of what they time).
 */
export async function* studyNotes(): AsyncGenerator<{
  file: string;
  outputLanguage: OutputLanguage;
  doc: SourceDocument;
  markdown: string;
}> {
  const engine = createOfflineEngine();
  for (const [file, outputLanguage] of cases) {
    const doc = await parseFile(await readFile(path.join(FIXTURES, file)), file);
    const note = await engine.generateNote({
      sources: [{ doc, fileName: file }],
      title: doc.title || file,
      outputLanguage,
      detailLevel: "detail",
    });
    yield { file, outputLanguage, doc, markdown: note.markdown };
  }
}
