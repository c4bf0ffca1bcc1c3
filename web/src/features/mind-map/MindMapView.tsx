import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { Markmap } from "markmap-view";
import type { Citation, MindMap } from "@beannote/contract";
import { loadKatex } from "../../components/katex-loader";
import { findNode, hasFormula, toMarkmap, type MarkmapNode, type MathRenderer } from "./markmap-tree";
import { MAP_FONT, MAP_MATH_FONT } from "./export-map";

/** What the toolbar can ask of the map. */
export interface MindMapHandle {
  fit(): void;
  zoom(factor: number): void;
  /** Opens every branch, or folds all below the first level. */
  expandAll(open: boolean): void;
  svg(): SVGSVGElement | null;
}

interface Props {
  map: MindMap;
  pageLabel: (citation: Citation) => string;
  onCite: (citation: Citation) => void;
  /** How long the first drawing took, in ms (shown for large notes, reported by the journey test). */
  onRendered?: (ms: number) => void;
}

interface DrawnNode extends MarkmapNode {
  state?: { depth: number };
}

/** Below this zoom, labels are too small to read. */
const MIN_READABLE_SCALE = 0.6;
/** A map narrower than this (a phone) opens on fewer levels rather than in unreadable type. */
const NARROW_WIDTH = 600;

const walk = (node: DrawnNode, visit: (n: DrawnNode) => void) => {
  visit(node);
  node.children.forEach((c) => walk(c as DrawnNode, visit));
};

/** The depth of the deepest label on screen (branches folded hide theirs). */
const shownDepth = (node: DrawnNode): number =>
  node.payload?.fold || !node.children.length
    ? (node.state?.depth ?? 0)
    : Math.max(...node.children.map((c) => shownDepth(c as DrawnNode)));

const zoomOf = (svg: SVGSVGElement) => (svg as SVGSVGElement & { __zoom?: { k: number } }).__zoom?.k ?? 1;

/**
 * The first view shows the whole map, fitted to the box: nothing is cut at the right edge. On a phone, where a
 * whole map fits only in unreadable type, the deepest level shown is folded away until the rest is readable
 * (or only the first level is left), then the map is fitted again.
 */
async function showFirstView(mm: Markmap, svg: SVGSVGElement) {
  await mm.fit();
  const root = mm.state.data as DrawnNode | undefined;
  if (!root || svg.getBoundingClientRect().width >= NARROW_WIDTH) return;
  const firstLevel = (root.state?.depth ?? 0) + 1;
  for (let deepest = shownDepth(root); zoomOf(svg) < MIN_READABLE_SCALE && deepest > firstLevel; deepest--) {
    walk(root, (n) => {
      if ((n.state?.depth ?? 0) === deepest - 1 && n.children.length) n.payload = { ...n.payload, fold: 1 };
    });
    await mm.renderData();
    await mm.fit();
  }
}

/** The mind map drawn by markmap: drag to pan, wheel or pinch to zoom, a circle or a label folds its branch. */
export const MindMapView = forwardRef<MindMapHandle, Props>(function MindMapView(
  { map, pageLabel, onCite, onRendered },
  ref,
) {
  const svgRef = useRef<SVGSVGElement>(null);
  const markmap = useRef<Markmap | null>(null);
  const latest = useRef({ map, onCite, onRendered });
  latest.current = { map, onCite, onRendered };

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const started = performance.now();
    const mm = Markmap.create(svg, {
      // markmap counts the root as level 1: "first level open" folds from level 2 down
      initialExpandLevel: map.initialExpandLevel < 0 ? -1 : map.initialExpandLevel + 1,
      maxWidth: 320,
      duration: map.nodeCount > 300 ? 0 : 300,
      spacingVertical: 8,
      paddingX: 10,
      color: () => "#2f6feb",
      autoFit: false,
    });
    markmap.current = mm;
    let live = true;
    // Formulas are set as MathML, which the browser draws without KaTeX's fonts, in the page and in the
    // exported SVG and PNG alike.
    const renderMath = hasFormula(map.root)
      ? loadKatex().then(
          (katex): MathRenderer =>
            (tex, display) =>
              katex.renderToString(tex, {
                displayMode: display,
                output: "mathml",
                throwOnError: false,
                strict: "ignore",
                trust: false,
              }),
        )
      : Promise.resolve(undefined);
    void renderMath.then(async (math) => {
      if (!live) return;
      await mm.setData(toMarkmap(map.root, pageLabel, math) as never);
      if (!live) return;
      await showFirstView(mm, svg);
      latest.current.onRendered?.(Math.round(performance.now() - started));
    });
    return () => {
      live = false;
      mm.destroy();
      markmap.current = null;
    };
  }, [map, pageLabel]);

  useImperativeHandle(ref, () => ({
    fit: () => void markmap.current?.fit(),
    zoom: (factor) => void markmap.current?.rescale(factor),
    expandAll: (open) => {
      const mm = markmap.current;
      const root = mm?.state.data as DrawnNode | undefined;
      if (!mm || !root) return;
      walk(root, (n) => {
        n.payload = { ...n.payload, fold: open || (n.state?.depth ?? 0) < 2 ? 0 : 1 };
      });
      void mm.renderData().then(() => mm.fit());
    },
    svg: () => svgRef.current,
  }));

  const handleClick = (event: React.MouseEvent) => {
    const target = event.target as Element;
    const chip = target.closest(".mm-cite");
    if (chip) {
      event.stopPropagation();
      const node = findNode(latest.current.map.root, chip.getAttribute("data-node") ?? "");
      if (node?.citation) latest.current.onCite(node.citation);
      return;
    }
    // a click on a label folds or opens its branch, like markmap's circle
    const label = target.closest(".markmap-foreign");
    const group = label?.closest("g.markmap-node") as (Element & { __data__?: DrawnNode }) | null;
    const data = group?.__data__;
    if (data && data.children.length && markmap.current) void markmap.current.toggleNode(data as never);
  };
  const handleKey = (event: React.KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const chip = (event.target as Element).closest(".mm-cite");
    if (!chip) return;
    event.preventDefault();
    const node = findNode(latest.current.map.root, chip.getAttribute("data-node") ?? "");
    if (node?.citation) latest.current.onCite(node.citation);
  };

  return (
    // clicks and keys are delegated from markmap's nodes (page chips are focusable links)
    <div className="mind-map-view" onClick={handleClick} onKeyDown={handleKey} data-testid="mind-map-view">
      <svg
        ref={svgRef}
        className="mind-map-view__svg"
        style={{ fontFamily: MAP_FONT, "--mm-math-font": MAP_MATH_FONT } as React.CSSProperties}
      />
    </div>
  );
});
