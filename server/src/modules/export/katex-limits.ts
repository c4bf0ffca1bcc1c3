/**
 * Bounds on what one formula may make KaTeX produce, for every formula the server sets: a size the author
 * writes (`\rule{1em}{400000em}`, `\kern`, `\raisebox`…) is capped at `maxSize` em — about a third of an A4
 * page — and macro expansion stops after `maxExpand` steps (`\def\a{\a\a}` bombs), the formula then shown
 * as unreadable LaTeX, not thousands of pages.
 */
export const KATEX_LIMITS = { maxSize: 20, maxExpand: 1000 } as const;
