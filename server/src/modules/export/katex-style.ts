import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

let cached: string | undefined;

/**
 * KaTeX's style sheet with its fonts inlined (the woff2 files of node_modules/katex/dist, as data: URLs):
 * the printed page loads nothing from anywhere, yet its formulas are set in KaTeX's own fonts. Read once.
 */
export function katexStyle(): string {
  if (cached !== undefined) return cached;
  const cssPath = createRequire(import.meta.url).resolve("katex/dist/katex.min.css");
  const dir = path.dirname(cssPath);
  cached = readFileSync(cssPath, "utf8").replace(/src:([^;}]*)/g, (_m, sources: string) => {
    const woff2 = /url\((fonts\/[^)]+\.woff2)\)/.exec(sources)?.[1];
    if (!woff2) return `src:${sources}`;
    const data = readFileSync(path.join(dir, woff2)).toString("base64");
    return `src:url(data:font/woff2;base64,${data}) format("woff2")`;
  });
  return cached;
}
