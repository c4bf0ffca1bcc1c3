import { useEffect, useState } from "react";
import type { PluggableList } from "unified";
import { remarkDisplayMath } from "@beannote/contract/math-text";

/** Markdown plugins that set formulas with KaTeX: remark-math (`$…$`, `$$…$$`) and rehype-katex. */
export interface MathPlugins {
  remark: PluggableList;
  rehype: PluggableList;
}

let loaded: MathPlugins | null = null;
let loading: Promise<MathPlugins> | null = null;

/**
 * KaTeX (its code, style sheet and fonts) is loaded the first time a note with a formula is shown, not by
 * every page: most notes have none.
 */
export function loadMathPlugins(): Promise<MathPlugins> {
  loading ??= Promise.all([
    import("remark-math"),
    import("rehype-katex"),
    import("katex/dist/katex.min.css"),
  ]).then(([remarkMath, rehypeKatex]) => {
    loaded = {
      remark: [remarkMath.default, remarkDisplayMath],
      // a formula KaTeX cannot read is shown in red, never thrown; \href, \url and \html… stay off
      rehype: [[rehypeKatex.default, { strict: "ignore", trust: false }]],
    };
    return loaded;
  });
  return loading;
}

/** The math plugins once loaded; starts loading them when `needed`. */
export function useMathPlugins(needed: boolean): MathPlugins | null {
  const [plugins, setPlugins] = useState<MathPlugins | null>(loaded);
  useEffect(() => {
    if (!needed || plugins) return;
    let live = true;
    void loadMathPlugins().then((p) => {
      if (live) setPlugins(p);
    });
    return () => {
      live = false;
    };
  }, [needed, plugins]);
  return needed ? plugins : null;
}

/** True when a note's Markdown may hold a formula. */
export const mayHaveMath = (markdown: string): boolean => markdown.includes("$");
