/**
 * Which Tesseract languages to read a page with. Evidence first (the document's own text layer, else the
 * script Tesseract sees on the page), then the hint (the note's output language or the user's). A page in a
 * CJK script always gets its CJK language. English is always added: names, formulas and code are in Latin
 * letters in every language of the app, and mixed Chinese + English pages are common.
 */

/** ISO 639-1 (what `detectLanguage` returns) or a locale like "zh-CN" → Tesseract's language. */
const BY_LANGUAGE: Record<string, string> = {
  zh: "chi_sim",
  "zh-cn": "chi_sim",
  "zh-sg": "chi_sim",
  "zh-tw": "chi_tra",
  "zh-hk": "chi_tra",
  "zh-mo": "chi_tra",
  ja: "jpn",
  ko: "kor",
  fr: "fra",
  de: "deu",
  pt: "por",
  es: "spa",
  ru: "rus",
  en: "eng",
};

/** Tesseract's OSD script names → the language that reads them. */
const BY_SCRIPT: Record<string, string> = {
  Han: "chi_sim",
  Japanese: "jpn",
  Katakana: "jpn",
  Hiragana: "jpn",
  Hangul: "kor",
  Korean: "kor",
  Cyrillic: "rus",
  Latin: "eng",
};

function tesseractLanguage(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  const lower = code.toLowerCase();
  return BY_LANGUAGE[lower] ?? BY_LANGUAGE[lower.split("-")[0] ?? ""];
}

/**
 * The `-l` argument for Tesseract, e.g. "chi_sim+eng". `documentLanguage` is what the text layer of the
 * document's other pages reads as ("und" or null without one), `script` what OSD saw on the page, `hint`
 * the note's or the user's language; only languages in `installed` are named (null: not checked).
 */
export function chooseOcrLanguages(args: {
  documentLanguage?: string | null;
  script?: string | null;
  hint?: string | null;
  installed?: Set<string> | null;
}): string {
  const fromDocument =
    args.documentLanguage && args.documentLanguage !== "und"
      ? tesseractLanguage(args.documentLanguage)
      : undefined;
  const fromScript = args.script ? BY_SCRIPT[args.script] : undefined;
  const fromHint = tesseractLanguage(args.hint);
  let main = fromDocument ?? fromScript ?? fromHint ?? "eng";
  // OSD says "Han" for both Chinese scripts and "Latin" for every Latin language: the hint refines it.
  if (main === "chi_sim" && (fromHint === "chi_tra" || fromHint === "jpn")) main = fromHint;
  if (main === "eng" && fromHint && LATIN.has(fromHint)) main = fromHint;
  const wanted = [main];
  // A page in a CJK script is read with its language first, whatever the rest of the document is in: a
  // Chinese page read as English comes out as Latin gibberish.
  if (fromScript && CJK.has(fromScript) && !CJK.has(main)) {
    let cjk = fromScript;
    const other = fromHint && CJK.has(fromHint) ? fromHint : fromDocument;
    if (cjk === "chi_sim" && (other === "chi_tra" || other === "jpn")) cjk = other;
    wanted.unshift(cjk);
  }
  if (!wanted.includes("eng")) wanted.push("eng");
  const usable = args.installed ? wanted.filter((l) => args.installed!.has(l)) : wanted;
  return (usable.length > 0 ? usable : ["eng"]).join("+");
}

const LATIN = new Set(["eng", "fra", "deu", "por", "spa"]);
const CJK = new Set(["chi_sim", "chi_tra", "jpn", "kor"]);

/** Whether a `-l` argument reads a CJK script. */
export function readsCjk(languages: string): boolean {
  return languages.split("+").some((l) => CJK.has(l));
}

/** The CJK languages among these installed ones. */
export function cjkInstalled(installed: Set<string>): boolean {
  return [...installed].some((l) => CJK.has(l));
}

/** Tesseract's OSD names of CJK scripts. */
export const CJK_SCRIPTS = new Set(["Han", "Japanese", "Katakana", "Hiragana", "Hangul", "Korean"]);
