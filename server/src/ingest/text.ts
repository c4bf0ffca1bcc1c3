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
 * Join two lines of one paragraph: a hyphenated line end before a lower-case letter is joined
 * without the hyphen ("impor-" + "tant" → "important"); CJK lines join without a space.
 */
export function joinLines(a: string, b: string): string {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const last = a.charCodeAt(a.length - 1);
  if ((last === 0x2d || last === 0xad || last === 0x2010) && a.length >= 2) {
    const before = a.charCodeAt(a.length - 2);
    const first = b.charCodeAt(0);
    const letterBefore =
      (before >= 0x61 && before <= 0x7a) || (before >= 0x41 && before <= 0x5a) || before > 0xbf;
    const lowerAfter = (first >= 0x61 && first <= 0x7a) || (first >= 0xdf && first <= 0x24f);
    if (letterBefore && lowerAfter) return a.slice(0, -1) + b;
    if (last === 0xad) return a.slice(0, -1) + b;
  }
  return joinWords(a.trimEnd(), b.trimStart());
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;

/** Collapse runs of white space, drop control characters, trim. */
export function cleanText(s: string): string {
  return s.replace(CONTROL_CHARS, "").replace(/\s+/g, " ").trim();
}

const STOPWORDS: Record<string, string[]> = {
  en: ["the", "and", "of", "to", "is", "in", "that", "for", "with", "are", "this", "on"],
  fr: ["le", "la", "les", "des", "et", "est", "une", "du", "dans", "pour", "que", "sur"],
  de: ["der", "die", "das", "und", "ist", "nicht", "mit", "den", "von", "zu", "ein", "auf"],
  es: ["el", "los", "las", "del", "que", "y", "en", "una", "por", "para", "con", "es"],
  pt: ["o", "os", "da", "do", "que", "e", "em", "uma", "para", "com", "não", "dos"],
  it: ["il", "di", "che", "e", "la", "della", "per", "con", "non", "una", "sono", "gli"],
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
