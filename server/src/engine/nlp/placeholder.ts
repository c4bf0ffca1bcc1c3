/**
 * Stand-ins the readers leave where a file holds something that is not text: an equation object the parser
 * cannot read ("[equation]", ingest/omml.ts EQUATION_PLACEHOLDER), a picture ("[image]"), and the same in the
 * other languages ("[公式]", "[図]", "[формула]"). No study item may carry one: a statement with a stand-in
 * inside it is dropped — "含[equation]的点", "[equation]的聚点为R", and a clause of its own too, which is often
 * the very statement ("A'为A的所有聚点的集合，[equation]，也是包含A的最小闭集" without it calls A' the smallest
 * closed set) —; a stand-in that is a whole sentence (a display after "… is:") is cut out and the rest kept.
 */
import type { MaterialBlock, MaterialSentence, NoteMaterial } from "../note-material";

const NAMES = [
  // en, fr, de, es, pt
  "equation",
  "formula",
  "image",
  "picture",
  "figure",
  "chart",
  "diagram",
  "graphic",
  "équation",
  "formule",
  "Formel",
  "Gleichung",
  "Bild",
  "Abbildung",
  "ecuación",
  "fórmula",
  "imagen",
  "figura",
  "equação",
  "imagem",
  // zh, ja, ko
  "公式",
  "方程",
  "方程式",
  "图",
  "图片",
  "图像",
  "图表",
  "數式",
  "数式",
  "画像",
  "図",
  "図表",
  "수식",
  "그림",
  "이미지",
  // ru
  "формула",
  "уравнение",
  "изображение",
  "рисунок",
];
const NAME = NAMES.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
/** One stand-in: a name of the list in square brackets (ASCII, full-width or lenticular). */
const TOKEN = `(?:\\[\\s*(?:${NAME})\\s*\\]|［\\s*(?:${NAME})\\s*］|【\\s*(?:${NAME})\\s*】)`;
const ANY = new RegExp(TOKEN, "iu");
const EACH = new RegExp(TOKEN, "giu");

/** Whether `text` holds a stand-in for an equation, a picture or a figure. */
export function hasPlaceholder(text: string): boolean {
  return ANY.test(text);
}

/** `text` with every stand-in blanked out: for counting words, where "[equation]" is no word of the document. */
export function blankPlaceholders(text: string): string {
  return hasPlaceholder(text) ? text.replace(EACH, " ") : text;
}

const SENTENCE_END = /[.。!！?？]/u;

/**
 * `text` with its stand-ins cut out where each is a sentence of its own, or null where one is part of a
 * statement (between words, after "is"/"为", a clause between commas, what a lead-in ending on ":"/"；"
 * introduces).
 */
export function withoutPlaceholders(text: string): string | null {
  if (!hasPlaceholder(text)) return text;
  const pieces: string[] = [];
  let from = 0;
  for (const m of text.matchAll(EACH)) {
    const prev = text.slice(0, m.index).trimEnd().at(-1);
    const next = text.slice(m.index + m[0].length).trimStart()[0];
    if (!((!prev || SENTENCE_END.test(prev)) && (!next || SENTENCE_END.test(next)))) return null;
    pieces.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  pieces.push(text.slice(from));
  const t = pieces
    .join("")
    .replace(/([.。!！?？])(?:\s*[.。!！?？])+/gu, "$1")
    .replace(/^[\s.。!！?？]+/u, "")
    .replace(/\s{2,}/gu, " ")
    .trim();
  return /\p{L}{2}|\p{Script=Han}/u.test(t) ? t : null;
}

const sentenceWithout = (s: MaterialSentence): MaterialSentence | null => {
  const text = withoutPlaceholders(s.text);
  if (text === null) return null;
  return text === s.text ? s : { text, terms: s.terms.filter((t) => !hasPlaceholder(t) && text.includes(t)) };
};

function blockWithout(block: MaterialBlock): MaterialBlock | null {
  if (block.type === "table") {
    // a cell whose statement runs through a stand-in is left empty: the table's readers skip an empty cell
    const rows = block.rows.map((r) => r.map((c) => withoutPlaceholders(c) ?? ""));
    return rows.some((r) => r.some(Boolean)) ? { type: "table", rows } : null;
  }
  if (block.type === "list") {
    const items = block.items.map(sentenceWithout).filter((s): s is MaterialSentence => s !== null);
    return items.length ? { type: "list", items } : null;
  }
  const sentences = block.sentences.map(sentenceWithout).filter((s): s is MaterialSentence => s !== null);
  return sentences.length ? { type: block.type, sentences } : null;
}

const heading = (text: string) =>
  hasPlaceholder(text)
    ? text
        .replace(EACH, "")
        .replace(/\s{2,}/gu, " ")
        .trim() || text
    : text;

const cleaned = new WeakMap<NoteMaterial, NoteMaterial>();

/**
 * The material the offline writers draw from, every stand-in cut out or its fact dropped (sections keep their
 * index, so citations still resolve). The same object when nothing holds one; computed once per material.
 */
export function materialWithoutPlaceholders(material: NoteMaterial): NoteMaterial {
  const known = cleaned.get(material);
  if (known) return known;
  const touched = material.sections.some(
    (s) =>
      hasPlaceholder(s.heading) ||
      s.blocks.some((b) =>
        b.type === "table"
          ? b.rows.some((r) => r.some(hasPlaceholder))
          : (b.type === "list" ? b.items : b.sentences).some((x) => hasPlaceholder(x.text)),
      ),
  );
  const out: NoteMaterial = !touched
    ? material
    : {
        ...material,
        title: heading(material.title),
        keyTerms: material.keyTerms.filter((t) => !hasPlaceholder(t)),
        sections: material.sections.map((s) => ({
          ...s,
          heading: heading(s.heading),
          path: s.path.map(heading),
          blocks: s.blocks.map(blockWithout).filter((b): b is MaterialBlock => b !== null),
        })),
        cite: material.cite,
      };
  cleaned.set(material, out);
  return out;
}
