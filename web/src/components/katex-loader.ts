type Katex = typeof import("katex").default;
let katex: Katex | null = null;
let loading: Promise<Katex> | null = null;

/** KaTeX and its style sheet, loaded by the first text that holds a formula. */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import("katex"), import("katex/dist/katex.min.css")]).then(([module]) => {
    katex = module.default;
    return katex;
  });
  return loading;
}

/** KaTeX once loaded, else null. */
export const loadedKatex = (): Katex | null => katex;
