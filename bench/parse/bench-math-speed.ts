/**
 * What formula recovery costs a PDF parse: per PDF and overall, the median wall time and the median CPU time
 * (process.cpuUsage, so that other processes on a shared machine weigh less) of `parseFile` with recovery on
 * and off, runs interleaved (on/off, then off/on) after a warm-up parse of each. The corpus is fixtures/math
 * (TeX-made) and the formula-dense zh lecture of the shared fixtures; `--files a.pdf,b.pdf` picks others
 * (a name without a folder is looked up in both).
 *
 * `--snapshot DIR` writes each parsed document (recovery on) as JSON to DIR; `--check DIR` compares the
 * parse with such a snapshot and fails on any difference. `--all` adds every PDF of the shared fixtures to
 * the files checked (parse output only, with `--runs 0`).
 *
 * Run: `node --import tsx bench/parse/bench-math-speed.ts [--runs 7] [--snapshot DIR | --check DIR]`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseFile } from "../../server/src/ingest/parse-file";
import { forgetFormulaVerdicts, mathRecovery } from "../../server/src/ingest/pdf-math/recover";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MATH = path.join(repoRoot, "fixtures/math");
const DOCUMENTS = path.resolve(repoRoot, "../shared/fixtures/documents");
const ZH_LECTURE = "zh-lecture-notes-math-physics-methods.pdf";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(arg("--runs") ?? 7);
const snapshotDir = arg("--snapshot");
const checkDir = arg("--check");

function resolve(file: string): string {
  if (path.isAbsolute(file)) return file;
  for (const dir of [MATH, DOCUMENTS]) if (existsSync(path.join(dir, file))) return path.join(dir, file);
  return path.resolve(file);
}

const corpus = readdirSync(MATH)
  .filter((f) => f.endsWith(".pdf"))
  .sort()
  .map((f) => path.join(MATH, f));
let files = arg("--files")?.split(",").map(resolve) ?? [...corpus, path.join(DOCUMENTS, ZH_LECTURE)];
if (process.argv.includes("--all"))
  files = [
    ...files,
    ...readdirSync(DOCUMENTS)
      .filter((f) => f.endsWith(".pdf") && f !== ZH_LECTURE)
      .sort()
      .map((f) => path.join(DOCUMENTS, f)),
  ];

interface Sample {
  wall: number;
  cpu: number;
}

async function parseOnce(
  data: Buffer,
  name: string,
  on: boolean,
  cold = false,
): Promise<Sample & { json: string }> {
  mathRecovery.enabled = on;
  if (cold) forgetFormulaVerdicts();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let json: string;
  try {
    json = JSON.stringify(await parseFile(data, name), null, 1);
  } catch (err) {
    json = JSON.stringify({ error: (err as { code?: string }).code ?? String(err) });
  }
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  mathRecovery.enabled = true;
  return { wall, cpu: (c.user + c.system) / 1000, json };
}

const least = (xs: number[]): number => Math.min(...xs);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Row {
  file: string;
  corpus: boolean;
  on: Sample;
  off: Sample;
  /** Recovery on, KaTeX's verdicts forgotten first: a document's first upload. */
  cold: Sample;
  /** The least CPU time of the runs: what a run costs when the machine's other load takes least from it. */
  onLeast: number;
  offLeast: number;
}

const rows: Row[] = [];
let mismatches = 0;
if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
for (const full of files) {
  const name = path.basename(full);
  const data = readFileSync(full);
  // The first parse with recovery: KaTeX's verdicts are not yet remembered for this file's formulas.
  const first = await parseOnce(data, name, true);
  if (snapshotDir || checkDir) {
    const offJson = (await parseOnce(data, name, false)).json;
    for (const [suffix, json] of [
      ["", first.json],
      [".off", offJson],
    ] as const) {
      const file = `${name}${suffix}.json`;
      if (snapshotDir) writeFileSync(path.join(snapshotDir, file), json);
      if (!checkDir) continue;
      const want = path.join(checkDir, file);
      const same = existsSync(want) && readFileSync(want, "utf8") === json;
      if (!same) {
        mismatches++;
        writeFileSync(path.join(checkDir, `${name}${suffix}.now.json`), json);
      }
      console.log(`${same ? "same" : "DIFFERENT"}  ${file}`);
    }
  }
  if (runs === 0) continue;
  await parseOnce(data, name, false); // warm-up without
  const on: Sample[] = [];
  const off: Sample[] = [];
  const cold: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    // each in turn first: none always runs after another's garbage
    for (let k = 0; k < 3; k++) {
      const which = (i + k) % 3;
      if (which === 0) off.push(await parseOnce(data, name, false));
      else if (which === 1) on.push(await parseOnce(data, name, true));
      else cold.push(await parseOnce(data, name, true, true));
    }
  }
  const med = (xs: Sample[]): Sample => ({
    wall: median(xs.map((x) => x.wall)),
    cpu: median(xs.map((x) => x.cpu)),
  });
  const row: Row = {
    file: name,
    corpus: full.startsWith(MATH),
    on: med(on),
    off: med(off),
    cold: med(cold),
    onLeast: least(on.map((x) => x.cpu)),
    offLeast: least(off.map((x) => x.cpu)),
  };
  rows.push(row);
  console.log(
    [
      name.padEnd(44),
      `wall ${row.off.wall.toFixed(0).padStart(5)} → ${row.on.wall.toFixed(0).padStart(5)} ms ×${(row.on.wall / row.off.wall).toFixed(2)}`,
      `cpu ${row.off.cpu.toFixed(0).padStart(5)} → ${row.on.cpu.toFixed(0).padStart(5)} ms ×${(row.on.cpu / row.off.cpu).toFixed(2)}`,
      `first upload (verdicts forgotten): wall ${row.cold.wall.toFixed(0)} cpu ${row.cold.cpu.toFixed(0)} ms ×${(row.cold.cpu / row.off.cpu).toFixed(2)}`,
    ].join("  "),
  );
}

function total(label: string, set: Row[]): void {
  if (set.length === 0) return;
  const sum = (f: (r: Row) => number) => set.reduce((s, r) => s + f(r), 0);
  const [wCold, cCold] = [sum((r) => r.cold.wall), sum((r) => r.cold.cpu)];
  const [wOn, wOff, cOn, cOff, lOn, lOff] = [
    sum((r) => r.on.wall),
    sum((r) => r.off.wall),
    sum((r) => r.on.cpu),
    sum((r) => r.off.cpu),
    sum((r) => r.onLeast),
    sum((r) => r.offLeast),
  ];
  const ms = (x: number) => x.toFixed(0).padStart(5);
  console.log(
    `${label.padEnd(44)}  wall ${ms(wOff)} → ${ms(wOn)} ms ×${(wOn / wOff).toFixed(2)}  cpu ${ms(cOff)} → ${ms(cOn)} ms ×${(cOn / cOff).toFixed(2)}  least cpu ${ms(lOff)} → ${ms(lOn)} ms ×${(lOn / lOff).toFixed(2)}`,
  );
  console.log(
    `${"  first upload (KaTeX verdicts forgotten)".padEnd(44)}  wall ${ms(wOff)} → ${ms(wCold)} ms ×${(wCold / wOff).toFixed(2)}  cpu ${ms(cOff)} → ${ms(cCold)} ms ×${(cCold / cOff).toFixed(2)}`,
  );
}

if (rows.length > 0) {
  console.log(`medians (and least CPU) of ${runs} runs each, recovery off → on`);
  total(
    "fixtures/math corpus (sum)",
    rows.filter((r) => r.corpus),
  );
  total(
    ZH_LECTURE,
    rows.filter((r) => r.file === ZH_LECTURE),
  );
}
if (checkDir) {
  console.log(
    mismatches === 0 ? "output unchanged" : `${mismatches} file(s) differ (see *.now.json in ${checkDir})`,
  );
  if (mismatches > 0) process.exitCode = 1;
}
