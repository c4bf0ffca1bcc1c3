import type { Citation, MindMap, MindMapNode, MindMapNodeKind } from "@beannote/contract";
import { MIND_MAP_LARGE_NODES, MIND_MAP_LABEL_MAX } from "@beannote/contract";
import type { MaterialSection, MaterialSentence, NoteMaterial } from "./note-material";
import { normaliseForMatch } from "./note-material";
import { protectFormulas } from "./formula";
import { fitsLimit, shorten, type ShortLimit } from "./short-text";
import { findWord, hasCjk } from "./text";
import { isStopword } from "./stopwords";

/** A leaf says a term or the gist of a sentence: about 8 words, or 18 CJK characters. */
const LEAF_LIMIT: ShortLimit = { words: 7, cjkChars: 18 };
const TERMS_PER_SECTION = 3;
const LEAVES_PER_SECTION = 5;

interface Draft {
  kind: MindMapNodeKind;
  label: string;
  citation: Citation | null;
  children: Draft[];
}

/**
 * A label of at most MIND_MAP_LABEL_MAX characters (half for CJK), cut at a word when it can be; a formula
 * counts as one character and is kept whole or left out.
 */
function cap(source: string): string {
  const formulas = protectFormulas(source);
  return formulas.restore(capProse(formulas.text));
}

function capProse(label: string): string {
  const chars = [...label];
  const max = hasCjk(label) ? Math.ceil(MIND_MAP_LABEL_MAX / 2) : MIND_MAP_LABEL_MAX;
  if (chars.length <= max) return label;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.…-]+$/u, "")}…`;
}

function usableTerm(term: string): boolean {
  const n = [...term].length;
  if (n < 2 || n > 40 || (!hasCjk(term) && n < 3)) return false;
  if (isStopword(term.toLowerCase()) || /^[\p{N}\p{P}\s]+$/u.test(term)) return false;
  if (!fitsLimit(term, LEAF_LIMIT)) return false;
  // a term worth a leaf names something: several words or CJK characters, a name, an acronym, a long word
  return hasCjk(term) ? n >= 3 : /\s/.test(term.trim()) || /[\p{Lu}\p{N}]/u.test(term) || n >= 9;
}

/** The sentences a section leads with: definitions, then list items, then each paragraph's first sentence. */
function keySentences(section: MaterialSection): MaterialSentence[] {
  const definitions = section.blocks.flatMap((b) => (b.type === "definition" ? b.sentences : []));
  const items = section.blocks.flatMap((b) => (b.type === "list" ? b.items : []));
  const leads = section.blocks.flatMap((b) => (b.type === "paragraph" ? b.sentences.slice(0, 1) : []));
  return [...definitions, ...items, ...leads];
}

/** A section's leaves: its key terms, the first clauses of its key sentences, and its tables. */
function sectionLeaves(section: MaterialSection, material: NoteMaterial): Draft[] {
  const leaves: Draft[] = [];
  const seen = new Set<string>([normaliseForMatch(section.heading)]);
  const add = (kind: MindMapNodeKind, label: string, quote: string) => {
    const key = normaliseForMatch(label);
    if (!key || seen.has(key)) return;
    seen.add(key);
    leaves.push({ kind, label: cap(label), citation: material.cite(section.index, quote), children: [] });
  };

  const sentences = section.blocks.flatMap((b) =>
    b.type === "table" ? [] : b.type === "list" ? b.items : b.sentences,
  );
  const terms: { term: string; quote: string }[] = [];
  for (const s of sentences) for (const term of s.terms) terms.push({ term, quote: s.text });
  for (const term of material.keyTerms) {
    const s = sentences.find((x) => findWord(x.text, term) >= 0);
    if (s) terms.push({ term, quote: s.text });
  }
  let termCount = 0;
  for (const { term, quote } of terms) {
    if (termCount >= TERMS_PER_SECTION) break;
    if (!usableTerm(term)) continue;
    const before = leaves.length;
    add("term", term, quote);
    if (leaves.length > before) termCount++;
  }

  for (const s of keySentences(section)) {
    if (leaves.length >= LEAVES_PER_SECTION) break;
    const label = shorten(s.text, LEAF_LIMIT);
    // a point that is only a term already shown, or a fragment of punctuation, says nothing new
    if ([...normaliseForMatch(label)].length < 2) continue;
    if (
      leaves.some((l) => normaliseForMatch(label).includes(normaliseForMatch(l.label)) && l.kind === "point")
    )
      continue;
    add("point", label, s.text);
  }

  for (const block of section.blocks) {
    if (block.type !== "table" || leaves.length >= LEAVES_PER_SECTION + 1) continue;
    const head = (block.rows[0] ?? []).map((c) => c.trim()).filter(Boolean);
    if (head.length === 0) continue;
    const label = shorten(head.join(" · "), { words: 8, cjkChars: 18 });
    add("table", label, head.join(" "));
  }
  return leaves;
}

/** Node ids are the path of child indices from the root: stable for one version of the note. */
function withIds(draft: Draft, id: string): MindMapNode {
  return {
    id,
    kind: draft.kind,
    label: draft.label,
    citation: draft.citation,
    children: draft.children.map((child, i) => withIds(child, `${id}.${i}`)),
  };
}

const escapeInline = (text: string) => text.replace(/([\\`*_[\]<>|~#])/g, "\\$1");
/** A list item's text must not read as a nested list ("3. …", "- …"). */
const escapeItem = (text: string) =>
  escapeInline(text)
    .replace(/^(\d+)([.)])/, "$1\\$2")
    .replace(/^([+-])/, "\\$1");

/** The tree as Markdown: the title and sections as headings, leaves as list items (markmap's own input). */
export function mindMapOutline(root: MindMapNode): string {
  const lines: string[] = [`# ${escapeInline(root.label)}`];
  const walk = (node: MindMapNode, depth: number) => {
    const leaves = node.children.filter((c) => c.kind !== "section");
    if (leaves.length) {
      lines.push("");
      for (const leaf of leaves) lines.push(`- ${escapeItem(leaf.label)}`);
    }
    for (const child of node.children.filter((c) => c.kind === "section")) {
      lines.push("", `${"#".repeat(Math.min(6, depth + 1))} ${escapeInline(child.label)}`);
      walk(child, depth + 1);
    }
  };
  walk(root, 1);
  return `${lines.join("\n")}\n`;
}

function countNodes(node: MindMapNode): number {
  return 1 + node.children.reduce((n, c) => n + countNodes(c), 0);
}

/**
 * The note's mind map: its title at the root, its sections and sub-sections as branches in note order,
 * each with short leaves (key terms, the first clauses of key sentences, table headers), every node cited.
 */
export function buildMindMap(material: NoteMaterial, noteId: string): MindMap {
  const root: Draft = {
    kind: "root",
    label: cap(material.title.trim()) || "…",
    citation: null,
    children: [],
  };
  const stack: { depth: number; node: Draft }[] = [{ depth: 0, node: root }];
  for (const section of material.sections) {
    while (stack.length > 1 && stack[stack.length - 1]!.depth >= section.depth) stack.pop();
    const label = section.heading.trim() || material.title;
    const node: Draft = {
      kind: "section",
      label,
      citation: section.pages[0] ?? null,
      children: sectionLeaves(section, material),
    };
    stack[stack.length - 1]!.node.children.push(node);
    stack.push({ depth: section.depth, node });
  }
  const tree = withIds(root, "0");
  const nodeCount = countNodes(tree);
  return {
    noteId,
    root: tree,
    outline: mindMapOutline(tree),
    nodeCount,
    initialExpandLevel: nodeCount > MIND_MAP_LARGE_NODES ? 1 : -1,
  };
}
