import { readFile, writeFile } from "node:fs/promises";
import { parsePdf } from "../ingest/parse-pdf";
import { generateOfflineNote } from "./offline";
const f = process.argv[2]!;
const lang = (process.argv[3] ?? "en-US") as "en-US";
const data = await readFile(`/work/shared/fixtures/documents/${f}`);
let t = Date.now();
const doc = await parsePdf({ data, fileName: f });
console.log(
  "parse ms",
  Date.now() - t,
  "sections",
  doc.sections.length,
  "lang",
  doc.language,
  "pages",
  doc.pageCount,
);
await writeFile(`/tmp/eng/${f}.json`, JSON.stringify(doc));
for (const d of ["simple", "detail"] as const) {
  t = Date.now();
  const n = generateOfflineNote({
    sources: [{ doc, fileName: f }],
    title: doc.title,
    outputLanguage: lang,
    detailLevel: d,
  });
  console.log(d, "ms", Date.now() - t, "chars", n.markdown.length, "sections", n.sections.length);
  await writeFile(`/tmp/eng/${f}.${d}.md`, n.markdown);
}
