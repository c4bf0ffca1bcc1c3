/**
 * Checks the content-stream reader of formula recovery (server/src/ingest/pdf-math/content-rules.ts) against
 * pdf.js: on every page of every fixture PDF (fixtures/math, fixtures/pdf, the shared documents), the rules
 * read from the page's content streams must be exactly (===, float32 and all) those `rulesOf` reads from
 * pdf.js's operator list. Prints, per file, pages the same, pages the reader left to pdf.js (unsure) and pages
 * that differ; exits 1 on any difference. Run: `node --import tsx bench/parse/check-content-rules.ts`.
 */
// Must come before pdf.js: it keeps the native Array.prototype.push that pdf.js's polyfills replace.
import { restoreNativeArrayPush } from "../../server/src/ingest/native-array-push";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { pageOperations, pdfObjects } from "../../server/src/ingest/pdf-math/content-rules";
import { withoutGlyphOutlines } from "../../server/src/ingest/pdf-math/pdfjs-compat";
import { rulesOf } from "../../server/src/ingest/pdf-math/recover";

restoreNativeArrayPush();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pdfsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".pdf"))
    .sort()
    .map((f) => path.join(dir, f));
const files = [
  ...pdfsIn(path.join(repoRoot, "fixtures/math")),
  ...pdfsIn(path.join(repoRoot, "fixtures/pdf")),
  ...pdfsIn(path.resolve(repoRoot, "../shared/fixtures/documents")),
];

let differing = 0;
const totals = { pages: 0, same: 0, unsure: 0 };
for (const file of files) {
  const data = new Uint8Array(readFileSync(file));
  const objects = pdfObjects(data);
  // the options parse-pdf.ts reads operator lists with (pictures left out, no glyph outlines)
  const task = getDocument({
    data: data.slice(),
    ...withoutGlyphOutlines(),
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: 4,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    restoreNativeArrayPush();
    const row = { same: 0, unsure: 0, differ: 0 };
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const want = JSON.stringify(rulesOf(await page.getOperatorList()));
      const ops = objects && page.ref ? pageOperations(objects, page.ref) : null;
      if (!ops) row.unsure++;
      else if (JSON.stringify(rulesOf(ops)) === want) row.same++;
      else {
        row.differ++;
        console.log(
          `  page ${p} differs: pdf.js ${want.slice(0, 200)} reader ${JSON.stringify(rulesOf(ops)).slice(0, 200)}`,
        );
      }
      page.cleanup();
    }
    differing += row.differ;
    totals.pages += doc.numPages;
    totals.same += row.same;
    totals.unsure += row.unsure;
    console.log(
      `${path.basename(file).padEnd(48)} pages ${String(doc.numPages).padStart(4)}  same ${String(row.same).padStart(4)}  unsure ${String(row.unsure).padStart(3)}  differ ${row.differ}${objects ? "" : "  (file left to pdf.js)"}`,
    );
  } catch (err) {
    console.log(`${path.basename(file).padEnd(48)} not opened: ${(err as Error).name}`);
  } finally {
    await task.destroy();
  }
}
console.log(
  `${totals.pages} pages: ${totals.same} the same, ${totals.unsure} left to pdf.js, ${differing} differ`,
);
if (differing > 0) process.exitCode = 1;
