/** Small text helpers shared by the parsers. */

/** True for CJK ideographs, kana, hangul and full-width punctuation: scripts written without spaces. */
export function isCjkCode(c: number): boolean {
  return (
    (c >= 0x2e80 && c <= 0x9fff) || // radicals, CJK punctuation, kana, CJK unified
    (c >= 0xac00 && c <= 0xd7af) || // hangul syllables
    (c >= 0xf900 && c <= 0xfaff) || // compatibility ideographs
    (c >= 0xfe30 && c <= 0xfe4f) || // compatibility forms
    (c >= 0xff00 && c <= 0xffef) || // full-width forms
    (c >= 0x20000 && c <= 0x2fa1f)
  );
}

function lastCode(s: string): number {
  const c = s.codePointAt(s.length - 1) ?? 0;
  if (c >= 0xdc00 && c <= 0xdfff && s.length >= 2) return s.codePointAt(s.length - 2) ?? 0;
  return c;
}

/** Join two runs of text: no space between CJK characters, otherwise a single space. */
export function joinWords(a: string, b: string): string {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const ca = lastCode(a);
  const cb = b.codePointAt(0) ?? 0;
  if (ca === 0x20 || cb === 0x20) return a + b;
  if (isCjkCode(ca) || isCjkCode(cb)) return a + b;
  return a + " " + b;
}

/**
 * Stands for a hyphen at a line end between two letters, until the whole document's words decide whether it
 * was hyphenation ("impor-" + "tant") or a compound ("self-" + "attention"): see `resolveHyphens`.
 */
export const LINE_HYPHEN = "\ue000";

const isLetterCode = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c > 0xbf && c < 0x2000 && c !== 0xd7 && c !== 0xf7);

/**
 * Join two lines of one paragraph: a hyphen between letters at the line end is marked `LINE_HYPHEN`
 * (decided later by `resolveHyphens`), a soft hyphen is dropped, CJK lines join without a space.
 */
export function joinLines(a: string, b: string): string {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const last = a.charCodeAt(a.length - 1);
  if (last === 0xad) return a.slice(0, -1) + b;
  if ((last === 0x2d || last === 0x2010) && a.length >= 2) {
    if (isLetterCode(a.charCodeAt(a.length - 2)) && isLetterCode(b.charCodeAt(0)))
      return a.slice(0, -1) + LINE_HYPHEN + b;
  }
  return joinWords(a.trimEnd(), b.trimStart());
}

/** Prefixes that make compounds ("self-attention", "non-negligible") when the rest is a word of its own. */
const COMPOUND_PREFIXES = new Set([
  "anti",
  "co",
  "counter",
  "cross",
  "inter",
  "intra",
  "multi",
  "non",
  "post",
  "pre",
  "pseudo",
  "self",
  "semi",
  "sub",
  "super",
  "ultra",
]);

const SPLIT_TOKEN = /[\p{L}\p{N}'’-]*\ue000[\p{L}\p{N}'’\ue000-]*/gu;
const TOKEN = /[\p{L}\p{N}]+(?:[-‐][\p{L}\p{N}]+)*/gu;

/**
 * Decides every `LINE_HYPHEN` of a document from its own words: the joined form used elsewhere wins
 * ("impor-tant" → "important"), then the hyphenated one ("dual-encoder"); without evidence, two words that
 * each stand on their own elsewhere ("high-dimensional", "self-attention") keep their hyphen, as does a
 * capitalised second part ("Lucene-BM25"); the rest was hyphenation and is joined.
 */
export function resolveHyphens(texts: string[]): string[] {
  if (!texts.some((t) => t.includes(LINE_HYPHEN))) return texts;
  const counts = new Map<string, number>();
  const add = (w: string) => counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const t of texts) {
    for (const m of t.replace(SPLIT_TOKEN, " ").matchAll(TOKEN)) {
      const token = m[0].toLowerCase().replace(/‐/g, "-");
      add(token);
      if (token.includes("-")) for (const part of token.split("-")) add(part);
    }
  }
  const seen = (w: string) => counts.get(w) ?? 0;
  const decide = (left: string, right: string, inCompound: boolean): string => {
    const l = left.toLowerCase();
    const r = right.toLowerCase();
    const joined = seen(l + r);
    const hyphenated = seen(`${l}-${r}`);
    if (joined !== hyphenated) return joined > hyphenated ? "" : "-";
    // part of a longer compound ("state-of-the-art", "interpreter-to-trace"): a real hyphen
    if (inCompound) return "-";
    if (/^\p{Lu}/u.test(right) && !/^\p{Lu}+$/u.test(left + right)) return "-";
    const word = (w: string, min: number) => w.length >= min && seen(w) > 0;
    if ((word(l, 2) || COMPOUND_PREFIXES.has(l)) && word(r, 3)) return "-";
    if (ALWAYS_COMPOUND.has(l) && r.length >= 4) return "-";
    return "";
  };
  return texts.map((t) =>
    t.replace(
      /([\p{L}\p{N}]*)\ue000([\p{L}\p{N}]*)/gu,
      (match: string, left: string, right: string, offset: number, whole: string) => {
        const inCompound = whole[offset - 1] === "-" || whole[offset + match.length] === "-";
        return left + decide(left, right, inCompound) + right;
      },
    ),
  );
}

/** Prefixes that are not syllables of longer words: "non-" + "negligible" is a compound even unseen. */
const ALWAYS_COMPOUND = new Set(["non", "self", "cross", "semi", "pseudo"]);

/**
 * Text with soft line breaks (a manual break inside a paragraph, "\n"): a hyphen before the break stays and
 * joins ("self-" + "attention" → "self-attention"), CJK joins without a space, anything else gets one.
 */
export function joinSoftBreaks(text: string): string {
  if (!text.includes("\n")) return text;
  return text.replace(/[ \t]*\n[ \t\n]*/g, (br, offset: number, whole: string) => {
    const before = whole.charCodeAt(offset - 1);
    const after = whole.charCodeAt(offset + br.length);
    if (offset === 0 || offset + br.length >= whole.length) return "";
    if (before === 0x2d && isLetterCode(whole.charCodeAt(offset - 2))) return "";
    if (isCjkCode(before) && isCjkCode(after)) return "";
    return " ";
  });
}

const SPACING_ACCENTS: Record<string, string> = {
  "¨": "\u0308",
  "´": "\u0301",
  "`": "\u0300",
  ˆ: "\u0302",
  "˜": "\u0303",
  "¸": "\u0327",
  "˚": "\u030a",
  ˇ: "\u030c",
};

/**
 * TeX sets an accent as its own glyph before the letter, so PDF text reads "na¨ıve", "Erd˝os" or "M´exico":
 * such an accent inside a word is put back on its letter ("naïve", "México").
 */
export function composeAccents(text: string): string {
  if (!/[¨´`ˆ˜¸˚ˇ]/.test(text)) return text;
  return text
    .replace(/(?<=\p{L})([¨´`ˆ˜¸˚ˇ])([ıȷ\p{L}])/gu, (_, accent: string, letter: string) =>
      ((letter === "ı" ? "i" : letter === "ȷ" ? "j" : letter) + SPACING_ACCENTS[accent]!).normalize("NFC"),
    )
    .normalize("NFC");
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;

/** Collapse runs of white space, drop control characters, trim. */
export function cleanText(s: string): string {
  return s.replace(CONTROL_CHARS, "").replace(/\s+/g, " ").trim();
}

const LATIN_LETTER = /\p{Script=Latin}/u;
const OTHER_ALPHABET = /[\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Hebrew}\p{Script=Arabic}]/u;
const GREEK_LETTERS = /\p{Script=Greek}/gu;
const FORMULA_CHARS = /[\d()[\]{}=+\-−^_/\\]/u;

/**
 * A word mixing alphabets the way a broken font map does ("Tһе", "bгоwn"). Greek next to Latin is how
 * formulas are written ("Γ(z)Γ(1−z)", "sinθ"): it counts only with two Greek letters or more and nothing of a
 * formula around them.
 */
function mixesAlphabets(word: string): boolean {
  if (!LATIN_LETTER.test(word)) return false;
  if (OTHER_ALPHABET.test(word)) return true;
  return (word.match(GREEK_LETTERS)?.length ?? 0) >= 2 && !FORMULA_CHARS.test(word);
}

/**
 * True when a page's text is not text: what a font without a usable Unicode map yields ("·òåãrù 5/a'0í2…",
 * GBK bytes read as Latin-1: "º¯ÊýÔÚÇøÓò"). Such pages are read as having no text layer, so no note is
 * written and no language named from them. Real text in any language keeps Latin-1 accents to a small
 * share of its characters, is mostly letters, and does not mix alphabets inside words.
 */
export function isGarbledText(text: string): boolean {
  let chars = 0;
  let cjk = 0;
  let latin1 = 0;
  let letters = 0;
  let symbols = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x20 || c === 0xa0 || c === 0x3000) continue;
    chars++;
    if (isCjkCode(c)) cjk++;
    else if (c >= 0xa1 && c <= 0xff) latin1++;
    if (/\p{L}/u.test(ch)) letters++;
    // Mathematics (∫ √ ∞ ≈ − ∵) is text: a formula-heavy page has a usable text layer.
    else if (c > 0x7f && /\p{Sm}/u.test(ch)) continue;
    else if (!/[\p{N}.,;:!?'"()[\]\-–—/%]/u.test(ch)) symbols++;
  }
  if (chars < 40 || cjk >= chars * 0.3) return false;
  if (latin1 > chars * 0.3) return true;
  if (letters < chars * 0.35 && symbols > chars * 0.3) return true;
  const words = text.split(/\s+/).filter((w) => w.length >= 3);
  const mixed = words.filter(mixesAlphabets).length;
  return words.length >= 10 && mixed > words.length * 0.2;
}

const STOPWORDS: Record<string, string[]> = {
  en: ["the", "and", "of", "to", "is", "in", "that", "for", "with", "are", "this", "on"],
  fr: ["le", "la", "les", "des", "et", "est", "une", "du", "dans", "pour", "que", "sur"],
  de: ["der", "die", "das", "und", "ist", "nicht", "mit", "den", "von", "zu", "ein", "auf"],
  es: ["el", "los", "las", "del", "que", "y", "en", "una", "por", "para", "con", "es"],
  pt: ["o", "os", "da", "do", "que", "e", "em", "uma", "para", "com", "não", "dos"],
  it: ["il", "di", "che", "e", "la", "della", "per", "con", "non", "una", "sono", "gli"],
  // words no other list here shares (a Polish note read as Italian gets Italian's tools and stop words)
  pl: ["się", "nie", "jest", "że", "na", "do", "jak", "oraz", "dla", "przez", "które", "może"],
  nl: ["het", "een", "van", "dat", "op", "voor", "niet", "zijn", "worden", "ook", "aan", "wordt"],
  cs: ["se", "je", "že", "jako", "pro", "ve", "jsou", "nebo", "také", "který", "být", "při"],
};

/**
 * Guess the main language from a sample of text: by script for zh/ja/ko/ru/… and by stop words for
 * Latin-script languages. Returns an ISO 639-1 code, or "und" when there is no text.
 */
export function detectLanguage(text: string): string {
  const sample = text.length > 20_000 ? text.slice(0, 20_000) : text;
  let han = 0;
  let kana = 0;
  let hangul = 0;
  let cyr = 0;
  let latin = 0;
  let arabic = 0;
  let thai = 0;
  let greek = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++;
    } else if (c >= 0x4e00 && c <= 0x9fff) han++;
    else if (c >= 0x3040 && c <= 0x30ff) kana++;
    else if (c >= 0xac00 && c <= 0xd7af) hangul++;
    else if (c >= 0x0400 && c <= 0x04ff) cyr++;
    else if (c >= 0x0600 && c <= 0x06ff) arabic++;
    else if (c >= 0x0e00 && c <= 0x0e7f) thai++;
    else if (c >= 0x0370 && c <= 0x03ff) greek++;
    else if (c >= 0xc0 && c <= 0x24f) latin++;
  }
  // A CJK character carries about as much as a 3-4 letter word: weigh it accordingly.
  const scores: [string, number][] = [
    ["ja", kana * 4 + (kana > 0 ? han : 0) * 2],
    ["zh", kana > han * 0.1 ? 0 : han * 4],
    ["ko", hangul * 4],
    ["ru", cyr],
    ["ar", arabic],
    ["th", thai],
    ["el", greek],
    ["latin", latin],
  ];
  scores.sort((a, b) => b[1] - a[1]);
  const best = scores[0];
  if (!best || best[1] === 0) return "und";
  if (best[0] !== "latin") return best[0];
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? [];
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  let lang = "en";
  let top = 0;
  for (const [code, list] of Object.entries(STOPWORDS)) {
    let n = 0;
    for (const w of list) n += counts.get(w) ?? 0;
    if (n > top) {
      top = n;
      lang = code;
    }
  }
  // Plenty of words and not one common word of any language: not prose we can name a language for.
  if (top === 0 && words.length >= 60) return "und";
  return lang;
}

/** A meaningful title: not empty, not a file name, not a generator's default like "Untitled" or "Slide 1". */
export function meaningfulTitle(t: string | null | undefined): string | null {
  if (!t) return null;
  const s = cleanText(t);
  if (s.length < 3 || s.length > 200) return null;
  if (
    /^(untitled|无标题|microsoft (word|powerpoint)|powerpoint presentation|presentation|document\d*|slide ?\d*)\b/i.test(
      s,
    )
  ) {
    return null;
  }
  if (/\.(pdf|docx?|pptx?|txt|tiff?|dvi|tex|jpe?g|png)$/i.test(s)) return null;
  if (/^[\d\s.()/-]+$/.test(s)) return null;
  return s;
}

/** The file name without directory and extension, as a last-resort title. */
export function titleFromFileName(fileName: string | undefined): string {
  if (!fileName) return "Untitled";
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.trim() || "Untitled";
}

/**
 * Bold spans that can be terms, as the engines get them: without surrounding quotes or a label's colon
 * ("“Add Books”" → "Add Books", "Note:" → "Note"), 2–60 characters with a letter, each once, at most 50;
 * none when they cover most of their paragraph.
 */
export function boldTerms(spans: string[], paragraph?: string): string[] {
  // most of a paragraph in bold is a statement stressed, not terms picked out
  if (paragraph !== undefined && spans.join("").length > paragraph.length / 2) return [];
  const out = spans
    .map((span) =>
      span.replace(/^[\s"'“”‘’「」『』(（]+/u, "").replace(/[\s"'“”‘’「」『』)）:：,，.。;；、]+$/u, ""),
    )
    .filter((span) => {
      const length = [...span].length;
      return length >= 2 && length <= 60 && /\p{L}/u.test(span);
    });
  return [...new Set(out)].slice(0, 50);
}
