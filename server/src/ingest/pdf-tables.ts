import { OPS, Util } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Ruled tables of a PDF page (Word's, LibreOffice's, a LaTeX tabular with rules): the grid their ruling lines
 * draw, found from the page's path operations (the operator list `pageOperations` in pdf-math/content-rules.ts
 * reads from the content streams, or pdf.js's). Only a grid of at least two rows and two columns whose outer
 * lines meet is a table: a box around one paragraph, a lone rule or a chart's axes are not.
 */

/** A ruling line in the page's line space (x right, y up): horizontal (y0 = y1) or vertical (x0 = x1). */
interface Segment {
  a0: number;
  a1: number;
  /** The other coordinate: y of a horizontal line, x of a vertical one. */
  at: number;
}

/** One table's grid: its column boundaries (left to right) and row boundaries (top down). */
export interface TableGrid {
  xs: number[];
  ys: number[];
  /** The cell, [row, first column], that a point inside the grid falls in (merged cells: their first row and column). */
  cellAt(x: number, y: number): [row: number, col: number] | null;
}

type Matrix = [number, number, number, number, number, number];

const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
const PAINTS = new Set<number>([
  OPS.stroke,
  OPS.closeStroke,
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);

/** The thickest line a rule is drawn as (a filled rectangle thinner than this is a line). */
const MAX_THICKNESS = 3;
/** Coordinates this close are one line, one boundary. */
const SNAP = 2;
/** How far a line may stop short of one it meets, and how close two rules are one boundary (a double rule). */
const REACH = 3;

/**
 * The ruling lines of an operator list: stroked straight paths and thin filled rectangles, axis-aligned, in
 * the page's line space (`toPage` maps user space there). A path whose bounds are neither thin nor flat (a
 * curve, several segments at once, a cell's shading) is not read.
 */
function segmentsOf(
  ops: { fnArray: number[]; argsArray: unknown[] },
  toPage: Matrix,
): { h: Segment[]; v: Segment[] } {
  const h: Segment[] = [];
  const v: Segment[] = [];
  let ctm: Matrix = toPage;
  const stack: Matrix[] = [];
  const { fnArray, argsArray } = ops;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = Util.transform(ctm, argsArray[i]) as Matrix;
    else if (fn === OPS.constructPath) {
      const args = argsArray[i] as unknown[];
      const paint = args[0] as number;
      const box = args[2] as Record<number, number> | null;
      if (!box || !PAINTS.has(paint)) continue;
      if (Math.abs(ctm[1]) > 1e-3 || Math.abs(ctm[2]) > 1e-3) continue;
      const xa = ctm[0] * box[0]! + ctm[4];
      const xb = ctm[0] * box[2]! + ctm[4];
      const ya = ctm[3] * box[1]! + ctm[5];
      const yb = ctm[3] * box[3]! + ctm[5];
      const x0 = Math.min(xa, xb);
      const x1 = Math.max(xa, xb);
      const y0 = Math.min(ya, yb);
      const y1 = Math.max(ya, yb);
      const w = x1 - x0;
      const ht = y1 - y0;
      // a stroked path with bounds of no height or no width is a line; a filled one, a thin rectangle
      const stroked = STROKES.has(paint);
      if (stroked ? ht < 0.01 : ht <= MAX_THICKNESS) {
        if (w > Math.max(SNAP, ht * 3)) h.push({ a0: x0, a1: x1, at: (y0 + y1) / 2 });
      } else if (stroked ? w < 0.01 : w <= MAX_THICKNESS) {
        if (ht > Math.max(SNAP, w * 3)) v.push({ a0: y0, a1: y1, at: (x0 + x1) / 2 });
      }
    }
  }
  return { h, v };
}

/** Collinear segments that touch or overlap become one. */
function joined(segs: Segment[]): Segment[] {
  segs.sort((p, q) => p.at - q.at || p.a0 - q.a0);
  const out: Segment[] = [];
  for (const s of segs) {
    const last = out[out.length - 1];
    if (last && Math.abs(s.at - last.at) <= 0.5 && s.a0 <= last.a1 + SNAP) last.a1 = Math.max(last.a1, s.a1);
    else out.push({ ...s });
  }
  return out;
}

/** Boundaries from line positions: positions closer than REACH (a double rule) are one, at their mean. */
function boundaries(ats: number[]): number[] {
  const sorted = [...ats].sort((p, q) => p - q);
  const out: number[] = [];
  let group: number[] = [];
  for (const a of sorted) {
    if (group.length > 0 && a - group[group.length - 1]! > REACH) {
      out.push(group.reduce((s, x) => s + x, 0) / group.length);
      group = [];
    }
    group.push(a);
  }
  if (group.length > 0) out.push(group.reduce((s, x) => s + x, 0) / group.length);
  return out;
}

const crosses = (h: Segment, v: Segment) =>
  v.at >= h.a0 - REACH && v.at <= h.a1 + REACH && h.at >= v.a0 - REACH && h.at <= v.a1 + REACH;

/** Whether the segments at `at` (within SNAP) cover most of [from, to]. */
function covers(segs: Segment[], at: number, from: number, to: number): boolean {
  let covered = 0;
  for (const s of segs) {
    if (Math.abs(s.at - at) > SNAP) continue;
    covered += Math.max(0, Math.min(s.a1, to) - Math.max(s.a0, from));
  }
  return covered >= (to - from) * 0.9 - SNAP;
}

/** Whether a segment at `at` passes through the point `p` of its axis. */
const through = (segs: Segment[], at: number, p: number) =>
  segs.some((s) => Math.abs(s.at - at) <= SNAP && s.a0 - SNAP <= p && p <= s.a1 + SNAP);

/** A connected set of lines as a grid, or null when it is no table (fewer than 2×2 cells, an open frame). */
function gridOf(h: Segment[], v: Segment[]): TableGrid | null {
  const xs = boundaries(v.map((s) => s.at));
  const ys = boundaries(h.map((s) => s.at)).reverse();
  if (xs.length < 3 || ys.length < 3) return null;
  const left = xs[0]!;
  const right = xs[xs.length - 1]!;
  const top = ys[0]!;
  const bottom = ys[ys.length - 1]!;
  // the frame: top and bottom rules from the left line to the right one, and those two lines full height
  if (!covers(h, top, left, right) || !covers(h, bottom, left, right)) return null;
  if (!covers(v, left, bottom, top) || !covers(v, right, bottom, top)) return null;
  const column = (x: number) => {
    let k = 0;
    while (k + 1 < xs.length && xs[k + 1]! < x) k++;
    return k;
  };
  const cellAt = (x: number, y: number): [number, number] | null => {
    if (x <= left || x >= right || y >= top || y <= bottom) return null;
    let row = 0;
    while (row + 1 < ys.length && ys[row + 1]! > y) row++;
    const mid = (ys[row]! + ys[row + 1]!) / 2;
    // the cell's left edge: the nearest vertical line left of x that crosses this row (a merged cell spans the rest)
    let col = column(x);
    while (col > 0 && !through(v, xs[col]!, mid)) col--;
    // a cell merged down: the row's top line is missing above it
    let next = col + 1;
    while (next < xs.length - 1 && !through(v, xs[next]!, mid)) next++;
    const xm = (xs[col]! + xs[next]!) / 2;
    while (row > 0 && !through(h, ys[row]!, xm)) row--;
    return [row, col];
  };
  return { xs, ys, cellAt };
}

/** The ruled tables on a page, from its operator list; `toPage` maps user space to the page's line space. */
export function findTableGrids(
  ops: { fnArray: number[]; argsArray: unknown[] },
  toPage: Matrix,
): TableGrid[] {
  const raw = segmentsOf(ops, toPage);
  if (raw.h.length < 3 || raw.v.length < 3) return [];
  const h = joined(raw.h);
  const v = joined(raw.v);
  // too many lines to pair up cheaply: a drawing, not a table
  if (h.length * v.length > 250_000) return [];
  // connected sets of crossing lines
  const parent = Array.from({ length: h.length + v.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < h.length; i++)
    for (let j = 0; j < v.length; j++) if (crosses(h[i]!, v[j]!)) parent[find(i)] = find(h.length + j);
  const groups = new Map<number, { h: Segment[]; v: Segment[] }>();
  for (let i = 0; i < h.length + v.length; i++) {
    const root = find(i);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = { h: [], v: [] }));
    if (i < h.length) g.h.push(h[i]!);
    else g.v.push(v[i - h.length]!);
  }
  const grids: TableGrid[] = [];
  for (const g of groups.values()) {
    if (g.h.length < 3 || g.v.length < 3) continue;
    const grid = gridOf(g.h, g.v);
    if (grid) grids.push(grid);
  }
  // top down
  return grids.sort((p, q) => q.ys[0]! - p.ys[0]!);
}

/**
 * A table's rows from its cells' texts (row → column → text): rows and columns with no text at all (a
 * boundary only a merged cell drew) are left out.
 */
export function tableRows(grid: TableGrid, cells: Map<number, string>): string[][] {
  const nRows = grid.ys.length - 1;
  const nCols = grid.xs.length - 1;
  const text = (r: number, c: number) => cells.get(r * nCols + c) ?? "";
  const rows: number[] = [];
  const cols: number[] = [];
  for (let r = 0; r < nRows; r++) {
    for (let c = 0; c < nCols; c++)
      if (text(r, c)) {
        rows.push(r);
        break;
      }
  }
  for (let c = 0; c < nCols; c++) {
    for (let r = 0; r < nRows; r++)
      if (text(r, c)) {
        cols.push(c);
        break;
      }
  }
  return rows.map((r) => cols.map((c) => text(r, c)));
}
