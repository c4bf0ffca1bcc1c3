/**
 * Formula benchmark on TeX-made PDFs (fixtures/math: each .tex beside its PDF): per PDF, the share of the
 * source's display and inline formulas found in the parsed text (visible-token similarity ≥ 0.8 after
 * expanding the source's macros), the share of emitted formulas KaTeX accepts, stray accent glyphs left in
 * the prose, pages/s, and the parse time against a parse without formula recovery. Files named
 * `tuned-*` were used while writing the recogniser; the others are held out. Run: `npm run bench:math`.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import katex from "katex";
import { formulaSpans } from "../../server/src/engine/formula";
import { parseFile } from "../../server/src/ingest/parse-file";
import { mathRecovery } from "../../server/src/ingest/pdf-math/recover";
import { alignedRows, texFormulas, tokenSimilarity, visibleTokens } from "./tex-formulas";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DIR = path.join(repoRoot, "fixtures/math");
const THRESHOLD = 0.8;
const RUNS = 3;

interface Row {
  file: string;
  pages: number;
  display: [found: number, total: number];
  inline: [found: number, total: number];
  emitted: number;
  valid: number;
  strayAccents: number;
  ms: number;
  msWithout: number;
}

async function parseText(data: Buffer, file: string): Promise<{ text: string; pages: number; ms: number }> {
  let best = Infinity;
  let text = "";
  let pages = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const doc = await parseFile(data, file);
    best = Math.min(best, performance.now() - t0);
    pages = doc.pageCount ?? 0;
    text = doc.sections
      .flatMap((s) => [s.heading, ...s.blocks.flatMap((b) => (b.type === "list" ? b.items : [b.text ?? ""]))])
      .join("\n");
  }
  return { text, pages, ms: best };
}

function katexValid(latex: string, display: boolean): boolean {
  try {
    katex.renderToString(latex, { displayMode: display, throwOnError: true, strict: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function benchFile(file: string): Promise<Row> {
  const tex = readFileSync(path.join(DIR, file.replace(/\.pdf$/, ".tex")), "utf8");
  const data = readFileSync(path.join(DIR, file));
  mathRecovery.enabled = false;
  const without = await parseText(data, file);
  mathRecovery.enabled = true;
  const withMath = await parseText(data, file);
  const spans = formulaSpans(withMath.text);
  // an aligned block is matched row by row, as the source's align and aligned are read
  const emitted = spans.flatMap((s) =>
    alignedRows(s.latex).map((row) => ({ ...s, tokens: visibleTokens(row), used: false })),
  );
  const source = texFormulas(tex);
  const display: [number, number] = [0, 0];
  const inline: [number, number] = [0, 0];
  for (const f of source) {
    const tokens = visibleTokens(f.latex);
    if (tokens.length === 0) continue;
    const tally = f.display ? display : inline;
    tally[1]++;
    const match = emitted.find((e) => !e.used && tokenSimilarity(tokens, e.tokens) >= THRESHOLD);
    if (match) {
      match.used = true;
      tally[0]++;
    }
  }
  let prose = withMath.text;
  for (const s of [...spans].reverse()) prose = prose.slice(0, s.start) + prose.slice(s.end);
  return {
    file,
    pages: withMath.pages,
    display,
    inline,
    emitted: spans.length,
    valid: spans.filter((s) => katexValid(s.latex, s.display)).length,
    strayAccents: (prose.match(/[˜¨ˆ˙]/gu) ?? []).length,
    ms: withMath.ms,
    msWithout: without.ms,
  };
}

const pct = (n: number, d: number) => (d === 0 ? "   –  " : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

async function main(): Promise<void> {
  const files = readdirSync(DIR)
    .filter((f) => f.endsWith(".pdf"))
    .sort();
  const rows: Row[] = [];
  console.log(
    "file".padEnd(34),
    "pages",
    "display".padStart(14),
    "inline".padStart(14),
    "KaTeX ok".padStart(9),
    "accents",
    "pages/s".padStart(8),
    "ms".padStart(7),
    "ms off".padStart(7),
    "ratio".padStart(6),
  );
  for (const file of files) {
    let r: Row;
    try {
      r = await benchFile(file);
    } catch (err) {
      console.log(file.padEnd(34), `failed: ${(err as Error).message.slice(0, 90)}`);
      continue;
    }
    rows.push(r);
    console.log(
      file.padEnd(34),
      String(r.pages).padStart(5),
      `${pct(...r.display)} ${`${r.display[0]}/${r.display[1]}`.padStart(7)}`,
      `${pct(...r.inline)} ${`${r.inline[0]}/${r.inline[1]}`.padStart(7)}`,
      pct(r.valid, r.emitted).padStart(9),
      String(r.strayAccents).padStart(7),
      ((r.pages * 1000) / r.ms).toFixed(1).padStart(8),
      r.ms.toFixed(0).padStart(7),
      r.msWithout.toFixed(0).padStart(7),
      (r.ms / r.msWithout).toFixed(2).padStart(6),
    );
  }
  for (const [label, set] of [
    ["held out", rows.filter((r) => !r.file.startsWith("tuned-"))],
    ["tuned", rows.filter((r) => r.file.startsWith("tuned-"))],
    ["all", rows],
  ] as const) {
    if (set.length === 0) continue;
    const sum = (f: (r: Row) => number) => set.reduce((a, r) => a + f(r), 0);
    console.log(
      `${label.padEnd(9)}: display ${pct(
        sum((r) => r.display[0]),
        sum((r) => r.display[1]),
      )}, inline ${pct(
        sum((r) => r.inline[0]),
        sum((r) => r.inline[1]),
      )}, KaTeX valid ${pct(
        sum((r) => r.valid),
        sum((r) => r.emitted),
      )}, stray accents ${sum((r) => r.strayAccents)}, parse time ×${(sum((r) => r.ms) / sum((r) => r.msWithout)).toFixed(2)} of the parse without recovery`,
    );
  }
}

await main();
