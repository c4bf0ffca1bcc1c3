import type { DetailLevel } from "@beannote/contract";
import type { PreparedBlock, PreparedDocument, PreparedSection } from "./prepare";
import { FORMULA, isFormulaOnly, isPlainEquation, maskFormulas, RELATION_FORMULA } from "./formula";
import { isStopword } from "./stopwords";
import { findWord, hasCjk, splitSentences, wordTokens } from "./text";
import { shorten } from "./short-text";
import {
  blankPlaceholders,
  isConceptTerm,
  isFunctionWord,
  keyTerms as taggedKeyTerms,
  tokenize,
} from "./nlp";
import { labelledItem } from "./note-material";

/** A candidate for the note: one sentence of a paragraph, or one list item. */
export interface Unit {
  text: string;
  page: number;
  /** Index of the block in its section. */
  block: number;
  kind: "sentence" | "item";
  words: string[];
  /** Start and end (exclusive) of the defined term when the unit is a definition. */
  definition?: { start: number; end: number };
}

/** The extract of one section: which units and tables to keep, and which terms to bold. */
export interface SectionExtract {
  units: Unit[];
  /** Indices of kept units, in source order. */
  kept: number[];
  /** Blocks kept whole (tables), by block index. */
  tables: number[];
  /** Key terms of the section (as written in the text), most important first. */
  terms: string[];
}

const LONG_CELL = 150;

/** A table whose cells are prose (layout tables, notes kept in tables) is read as paragraphs. */
export function isProseTable(rows: string[][]): boolean {
  const cells = rows.flat().filter((c) => c.length > 0);
  if (cells.length === 0) return false;
  const width = Math.max(...rows.map((r) => r.length));
  const avg = cells.reduce((n, c) => n + c.length, 0) / cells.length;
  return width < 2 || rows.length < 2 || avg > LONG_CELL;
}

/** A table to be filled in (a worksheet's data sheet): most of its cells below the header are empty. */
export function isBlankForm(rows: string[][]): boolean {
  const body = rows.slice(1).flat();
  return body.length >= 4 && body.filter((c) => !c.trim()).length > body.length * 0.5;
}

/** Splits a section into ranked candidates. */
export function sectionUnits(section: PreparedSection, locale: string): Unit[] {
  const units: Unit[] = [];
  section.blocks.forEach((b, i) => {
    for (const u of blockUnits(b, locale)) {
      units.push({
        ...u,
        block: i,
        words: wordTokens(u.text, locale).map((t) => t.word),
        definition: findDefinition(u.text) ?? boldLabelDefinition(u.text, b, section, locale),
      });
    }
  });
  return units;
}

/** Labels of a block, not terms. */
const BLOCK_LABEL =
  /^(?:note|notes|example|examples|remark|hint|tip|warning|summary|source|sources|remarque|exemple|hinweis|beispiel|beispiele|achtung|merke|tipp|zusammenfassung|ejemplo|nota|exemplo|примечание|пример|замечание|внимание|итог)$/iu;

/**
 * A glossary line written as a paragraph of its own: the author's bold term, a colon and what it is
 * ("**Angebotsmonopol**: Ein Anbieter und viele Nachfrager.") — a definition, as a labelled list item is.
 */
function boldLabelDefinition(
  text: string,
  block: PreparedBlock,
  section: PreparedSection,
  locale: string,
): { start: number; end: number } | undefined {
  if ((block.type !== "paragraph" && block.type !== "quote") || !block.text.startsWith(text))
    return undefined;
  const labelled = labelledItem(text);
  if (!labelled || !section.emphasis?.includes(labelled.label) || BLOCK_LABEL.test(labelled.label))
    return undefined;
  if (
    labelled.rest.split(/\s+/u).length < 2 ||
    !isConceptTerm(labelled.label, locale.slice(0, 2).toLowerCase())
  )
    return undefined;
  return { start: 0, end: labelled.label.length };
}

function blockUnits(b: PreparedBlock, locale: string): { text: string; page: number; kind: Unit["kind"] }[] {
  if (b.type === "list")
    return b.items
      .filter((text) => !isDebrisText(text))
      .map((text) => ({ text, page: b.page, kind: "item" as const }));
  if (b.type === "table") {
    if (!isProseTable(b.rows)) return [];
    return b.rows
      .flat()
      .filter((cell) => !isDebrisText(cell))
      .flatMap((cell) => splitSentences(cell, locale))
      .filter((text) => !isDebrisText(text))
      .map((text) => ({ text, page: b.page, kind: "sentence" as const }));
  }
  // a credit or thanks paragraph goes whole; a notice ending a paragraph goes alone (its sentences stay)
  if (isCreditOrThanks(b.text)) return [];
  return splitSentences(b.text, locale)
    .filter((text) => !isDebrisText(text))
    .map((text) => ({ text, page: b.page, kind: "sentence" as const }));
}

/** A figure's or table's credit line: "Source: World Bank (2010)", "来源：国家统计局", "Quelle: Destatis". */
const SOURCE_LINE =
  /^[([]?\s*(?:sources?|data sources?|adapted from|fuentes?|fontes?|quellen?|источники?|来源|來源|资料来源|資料來源|数据来源|數據來源|出典|出所|출처|자료)\s*[:：]/iu;
/**
 * A run-in acknowledgments paragraph at the end of a paper's conclusion ("Acknowledgments. We thank …",
 * "致谢：感谢…"): students do not study who the authors thanked.
 */
const ACKNOWLEDGMENTS_LEAD =
  /^(?:Acknowledge?ments?|ACKNOWLEDGE?MENTS?|Remerciements|REMERCIEMENTS|Danksagung|Agradecimientos|Agradecimentos|Ringraziamenti|Благодарности|БЛАГОДАРНОСТИ|致谢|致謝|鸣谢|鳴謝|謝辞|감사의\s*글)(?:\s*[:.：—–-]|\s+\p{Lu})/u;
/**
 * Thanks without a heading, on a title slide or under a paper's conclusion: people thanked for their help or a
 * body for its funding ("Thanks to A, B and C for assistance, as well as the NSF for partially funding this
 * research", "This work was supported by grant …", "感谢…的支持"). "Thanks to its cache, X is fast" thanks no one.
 */
const THANKS =
  /^(?:(?:many\s+)?thanks\s+(?:go\s+)?to|we\s+(?:would\s+like\s+to\s+|wish\s+to\s+)?thank|the\s+authors?\s+(?:would\s+like\s+to\s+|wish\s+to\s+)?thanks?|i\s+(?:would\s+like\s+to\s+)?thank|we\s+are\s+(?:very\s+)?grateful\s+to|nous\s+remercions|merci\s+à|wir\s+danken|agradecemos|agradecimientos\s+a|авторы?\s+благодар\p{L}*|感谢|感謝|谨向)[^]*?(?:\bfor\s+(?:their\s+|his\s+|her\s+|the\s+|partially\s+|partly\s+)?(?:help|assistance|support|comments|feedback|discussions?|suggestions|advice|funding)|\bfund(?:ing|ed)\b|\bgrants?\b|\bpour\s+(?:leur|son|sa)\b|\bfür\s+(?:ihre|seine|die)\s+(?:hilfe|unterstützung)|\bpor\s+su\s+(?:ayuda|apoyo)|поддержк|помощь|(?:的)?(?:支持|帮助|幫助|资助|資助))/iu;
/** Funding notices: "This work was (partially) supported by …", "本研究得到…资助", "Работа выполнена при поддержке …". */
const FUNDING =
  /^(?:this\s+(?:work|research|project|material)\s+(?:was|is|has\s+been)\s+(?:partially\s+|partly\s+|in\s+part\s+)?(?:supported|funded|sponsored)\s+by|本(?:研究|工作|项目|項目)(?:得到|受到?|由)[^]*?(?:资助|資助|支持)|работа\s+выполнена\s+при\s+(?:финансовой\s+)?поддержке)/iu;
/** Copyright and trademark boilerplate, as a sentence of its own inside a paragraph. */
const LEGAL_NOTICE =
  /©|\(c\)\s*(?:19|20)\d\d|copyright\s*(?:\(c\)|(?:19|20)\d\d)|all rights reserved|(?:is|are)\s+(?:a\s+)?(?:registered\s+)?trademarks?\s+of|registered trademarks?|版权所有|版權所有|保留所有权利|注册商标|註冊商標|著作権|登録商標|tous droits réservés|marques? déposée|alle rechte vorbehalten|eingetragene(?:s)? (?:marke|warenzeichen)|todos los derechos reservados|marca registrada|todos os direitos reservados|все права защищены|зарегистрированн\p{L}* товарн\p{L}* знак/iu;

/** True for text that is a figure's source line, an acknowledgment or a copyright or trademark notice. */
export function isDebrisText(text: string): boolean {
  const t = text.trim();
  return isCreditOrThanks(t) || (t.length <= 300 && LEGAL_NOTICE.test(t));
}

function isCreditOrThanks(text: string): boolean {
  const t = text.trim();
  return (
    (SOURCE_LINE.test(t) && t.length <= 300) ||
    ACKNOWLEDGMENTS_LEAD.test(t) ||
    THANKS.test(t) ||
    FUNDING.test(t)
  );
}

const NOT_A_SUBJECT =
  /^(?:this|that|it|there|these|those|which|what|here|he|she|they|we|one|each|such|its|his|her|our|their|the result|the following)$/i;

// a clause opener, not a term: "If the charge is a …", "Thus the motion is a …"
const NOT_A_SUBJECT_START =
  /^(?:if|thus|hence|however|therefore|moreover|furthermore|although|though|while|since|because|when|whereas|also|then|so|but|and|or|in|on|at|for|from|with|by|as|this|that|it|there|these|those|each|every|all|some|our|its|his|her|their|si|donc|ainsi|mais|wenn|also|aber|daher|si|pero|entonces|então|mas)\b/iu;

/**
 * What follows the term of a Russian "Под X понимается …": adverbs of scope ("здесь и далее", "в дальнейшем") and
 * the auxiliary, then the verb of meaning ("понимается", "будут пониматься", "подразумевают").
 */
export const RU_UNDERSTOOD =
  "(?:\\s+(?:здесь|и|далее|в|дальнейшем|обычно|часто|мы|будем|будут|будет|принято|нами))*\\s+(?:понима|подразумева)\\p{L}*(?!\\p{L})";

const DEFINITION_PATTERNS: RegExp[] = [
  // Russian: "X — это …", "X представляет собой …"; the term inside: "Под X (здесь) понимается …"
  /^(?:(?:например|так|итак|однако|также)\s*,?\s+)?([\p{L}\p{N}][\p{L}\p{N}\s\-'’()]{0,60}?)\s+(?:[—–-]\s+это|представля(?:ет|ют)\s+собой)\s/iu,
  new RegExp(`^Под\\s+([\\p{L}\\p{N}][\\p{L}\\p{N}\\s\\-]{0,60}?)${RU_UNDERSTOOD}`, "iu"),
  // German, the term inside: "Unter X versteht man …", "Als X bezeichnet man …"; after: "… wird als X bezeichnet"
  /^Unter\s+(?:(?:einem|einer|einen|dem|der|den)\s+)?([\p{L}\p{N}][\p{L}\p{N}\s-]{0,60}?)\s+(?:versteht|verstehen)\s+(?:man|wir)\b/iu,
  /^Als\s+([\p{L}\p{N}][\p{L}\p{N}\s-]{0,60}?)\s+(?:bezeichnet|definiert)\s+man\b/iu,
  /\s(?:wird|werden)\s+(?:auch\s+|oft\s+|häufig\s+)?als\s+([\p{L}\p{N}][\p{L}\p{N}\s-]{0,50}?)\s+(?:bezeichnet|definiert)\s*[.!]?$/u,
  // Latin scripts: "X is a …", "X refers to …", "X is defined as …"
  /^(?:(?:an?|the|la|le|les|l'|el|los|las|der|die|das|o|a|os|as|une?|una?|ein|eine)\s+)?([\p{L}\p{N}][\p{L}\p{N}\s\-'’()]{0,60}?)\s+(?:is|are)\s+(?:defined\s+as|called|known\s+as|an?|the)\b/iu,
  /^(?:(?:an?|the)\s+)?([\p{L}\p{N}][\p{L}\p{N}\s\-'’()]{0,60}?)\s+(?:refers?\s+to|denotes|means)\b/iu,
  /^(?:(?:un|une|le|la|les|l'|l’)\s*)?([\p{L}\p{N}][\p{L}\p{N}\s\-'’()]{0,60}?)\s+(?:est\s+(?:un|une|le|la|défini|définie)|désigne|se\s+définit|signifie)\b/iu,
  /^(?:(?:der|die|das|ein|eine)\s+)?([\p{L}\p{N}][\p{L}\p{N}\s\-'’()]{0,60}?)\s+(?:ist\s+(?:ein|eine|der|die|das|definiert)|bezeichnet|heißt|bedeutet)\b(?!\s+(?:man|er|sie|es|wir|ich|du|ihr)\b)/iu,
  /^(?:(?:el|la|los|las|un|una|o|a|os|as|um|uma)\s+)?([\p{L}\p{N}][\p{L}\p{N}\s\-'’()]{0,60}?)\s+(?:es\s+(?:un|una|el|la)|se\s+define|se\s+denomina|se\s+refiere\s+a|é\s+(?:um|uma|o|a)|define-se|refere-se|chama-se|significa)\b/iu,
  // CJK: "X是指…", "XとはY", "X란 …"; a term holds no comma, and "…見つけることはできない" defines nothing
  /^([^、，,。]{1,30}?)(?:是指|指的是|定义为|是一种|(?<!こ)とは|と定義|이란|란\s|라고\s*한다|으로\s*정의|로\s*정의)/u,
  // the name after the verb: "满足…的函数称为调和函数", "このときの値を効用と呼ぶ", "関数 u は効用関数と呼ばれる"
  /(?:被称为|称为|称作|叫做|叫作)[“「"《]?([^，,。；;“”「」"》\s]{2,16}?)[”」"》]?(?=[。；;，,]|$)/u,
  /[をは]\s*[「『]?([^、。，,「」『』をは\s]{1,20}?)[」』]?と(?:呼ばれる|呼ぶ|称する|称される)/u,
];
const DEFINITION_MARKERS =
  /^(?:definition|définition|definición|definição|definition|定义|定義|정의)\b|^(?:定义|定義)\s*[\d.]*|称.{1,20}?为|we\s+(?:define|call)\b|on\s+appelle\b|versteht\s+man\b|se\s+llama\b|(?<!\p{L})называ(?:ется|ются|ют)(?!\p{L})/iu;

/**
 * A subject that describes rather than names: "A simpler subtype of deterministic signals are the periodic
 * signals", "One key property of interest here is the additivity …" — the term is what follows the verb, so the
 * sentence defines neither side.
 */
const DESCRIBED_SUBJECT =
  /^(?:one|another|an?|some|une?|ein|eine|einer|un|una)\s+(?:[\p{L}-]+\s+){0,2}(?:subtypes?|types?|kinds?|sorts?|class|classes|examples?|instances?|propert(?:y|ies)|features?|parts?|forms?|aspects?|ways?|sources?|causes?|consequences?|advantages?|disadvantages?|drawbacks?|benefits?|characteristics?|reasons?|steps?|components?|applications?|uses?|variants?|cases?|exemples?|propriétés?|Beispiele?|Eigenschaft(?:en)?|ejemplos?|propiedad(?:es)?)\s+(?:of|de|d['’]|des|du|von|der|des|del)\b/iu;

export function describesRatherThanNames(subject: string): boolean {
  return (
    DESCRIBED_SUBJECT.test(subject.trim()) || /\b(?:of interest|here|above|below)$/iu.test(subject.trim())
  );
}

/** Finds a definition sentence and the span of the term it defines. */
export function findDefinition(text: string): { start: number; end: number } | undefined {
  if (text.length > 350 || text.length < 8) return undefined;
  if (describesRatherThanNames(text.split(/\s+(?:is|are|est|sont|ist|sind|es|son)\s/u)[0] ?? ""))
    return undefined;
  for (const re of DEFINITION_PATTERNS) {
    const m = re.exec(text);
    const subject = m?.[1]?.trim();
    if (!m || !subject) continue;
    if (NOT_A_SUBJECT.test(subject) || NOT_A_SUBJECT_START.test(subject)) continue;
    if (!hasCjk(subject) && subject.split(/\s+/).length > 6) continue;
    if (/[，。,;；:：]/u.test(subject)) continue;
    const start = m.index + m[0].indexOf(m[1]!) + (m[1]!.length - m[1]!.trimStart().length);
    return { start, end: start + subject.length };
  }
  if (DEFINITION_MARKERS.test(text)) return { start: 0, end: 0 };
  return undefined;
}

/** Corpus statistics of a document: in how many sections each n-gram occurs. */
export interface DocStats {
  sectionCount: number;
  df: Map<string, number>;
}

/** Candidate key-term n-grams of a text, as written, keyed by their lower-case form. */
export function termCandidates(
  text: string,
  locale: string,
): Map<string, { surface: string; count: number }> {
  const out = new Map<string, { surface: string; count: number }>();
  const toks = wordTokens(text, locale);
  // a language the short lists here do not cover (Polish "jest", Italian "della") takes stopwords-iso's list
  const lang = locale.slice(0, 2).toLowerCase();
  const stop = HAND_LISTED.has(lang) ? isStopword : (word: string) => isFunctionWord(word, lang);
  for (let i = 0; i < toks.length; i++) {
    const first = toks[i]!;
    if (stop(first.word)) continue;
    for (let n = 1; n <= 3 && i + n - 1 < toks.length; n++) {
      const last = toks[i + n - 1]!;
      if (n > 1) {
        const prev = toks[i + n - 2]!;
        const gap = text.slice(prev.index + prev.word.length, last.index);
        if (!/^[ -]?$/.test(gap)) break; // do not cross punctuation
        if (last.word === prev.word) break; // "Linked Linked" is a row of labels, not a term
      }
      if (stop(last.word)) continue;
      if (!sameScriptRun(toks, i, n)) break;
      const surface = text.slice(first.index, last.index + last.word.length);
      if (!isTermLike(surface, n)) continue;
      const key = surface.toLowerCase();
      const e = out.get(key);
      if (e) e.count++;
      else out.set(key, { surface, count: 1 });
    }
  }
  return out;
}

/** Languages whose function words stopwords.ts lists by hand (the notes' lengths were measured with them). */
const HAND_LISTED = new Set(["en", "fr", "de", "es", "pt", "ru", "zh", "ja", "ko"]);

/** Tokens of an n-gram share one script; Latin tokens have two letters or more, CJK n-grams at most two words. */
function sameScriptRun(toks: { word: string }[], i: number, n: number): boolean {
  const cjk = hasCjk(toks[i]!.word);
  if (cjk && n > 2) return false;
  for (let k = i; k < i + n; k++) {
    const w = toks[k]!.word;
    if (hasCjk(w) !== cjk) return false;
    if (n > 1 && [...w].length < 2) return false;
  }
  return true;
}

function isTermLike(surface: string, n: number): boolean {
  if (/^[\p{N}\s\-.]+$/u.test(surface)) return false;
  if (hasCjk(surface)) return [...surface].length >= 2 && [...surface].length <= 12;
  // a Hangul syllable is a whole consonant-vowel group: "분열" (two) is as long as a Latin word of five
  if (n === 1 && /^\p{Script=Hangul}+$/u.test(surface)) return surface.length >= 2;
  if (n === 1) return surface.length >= 4 || /^\p{Lu}{2,}$/u.test(surface);
  return surface.length <= 60;
}

/** Labels set in bold that name no term ("Note:", "Example", "注意"). */
const BOLD_LABEL =
  /^(?:note|notes|example|examples|e\.g|tip|warning|important|caution|answer|solution|question|remark|hint|nb|reading|readings|reading material|recap|homework|assignments?|outline|agenda|objectives|learning outcomes|注意|注|例|例如|提示|答案|解|解答|问题|備考|注|주의|예|참고|remarque|exemple|attention|hinweis|beispiel|achtung|nota|ejemplo|exemplo|atenção)$/iu;

/** A bold span that can be a key term: a short name, not a label, not a whole clause. */
function boldTermLike(span: string): boolean {
  if (BOLD_LABEL.test(span) || isStopword(span.toLowerCase())) return false;
  // a run-in heading ("1. Wage Orders", "f. Consulting") or a span cut inside brackets is no term
  if (/^(?:\d+|[a-z])[.)]\s/iu.test(span)) return false;
  if ((span.match(/[(（[]/gu) ?? []).length !== (span.match(/[)）\]]/gu) ?? []).length) return false;
  if (hasCjk(span)) return [...span].length >= 2 && [...span].length <= 16;
  const words = span.split(/\s+/);
  // a clause cut at its bold ("If a straight line", "in such a way") is no term
  if ([words[0]!, words.at(-1)!].some((w) => isStopword(w.toLowerCase()))) return false;
  return words.length <= 5 && span.length >= 2 && span.length <= 50 && /\p{L}{2}/u.test(span);
}

/** Section-level document frequencies of every term candidate. */
export function documentStats(doc: PreparedDocument, locale: string, sectionTexts: string[]): DocStats {
  const df = new Map<string, number>();
  for (const text of sectionTexts) {
    for (const key of termCandidates(text, locale).keys()) df.set(key, (df.get(key) ?? 0) + 1);
  }
  return { sectionCount: Math.max(1, doc.sections.length), df };
}

/**
 * Languages whose terms come from their tagger's noun phrases (nlp/): counting word runs there keeps inflected
 * pieces ("проекта · исследовательского", "членами") and verbs, and in Japanese ICU's word pieces ("した"). English
 * and Chinese keep the counting, which their notes, lengths and tests were measured with.
 */
const TAGGED_TERMS = new Set(["ru", "fr", "de", "es", "ja", "ko"]);
/** Text the tagger reads for one list of terms: enough to rank a document's terms, bounded in time. */
const TAGGED_TEXT_MAX = 60_000;

/**
 * The terms a whole document is about, for its overview: the key terms of `keyTerms`, except in Chinese, where
 * jieba's noun phrases ranked by their rarity in the language ("奇点", "Laurent展开", "Laplace变换") replace
 * the most frequent words ("函数", "方程", "证明"); a phrase the text says once is left out (jieba's guesses at
 * words it does not know make one-off junk: "指函数" of "是指函数").
 */
export function documentTerms(text: string, locale: string, max: number): string[] {
  const lang = locale.slice(0, 2).toLowerCase();
  if (lang !== "zh") return keyTerms(text, locale, { sectionCount: 1, df: new Map() }, max);
  return taggedKeyTerms(blankPlaceholders(text).slice(0, TAGGED_TEXT_MAX), lang)
    .filter((t) => t.count >= 2)
    .slice(0, max)
    .map((t) => t.term);
}

/** Key terms of a section by TF-IDF against the whole document; longer n-grams favoured. */
export function keyTerms(raw: string, locale: string, stats: DocStats, max: number): string[] {
  const text = blankPlaceholders(raw);
  const lang = locale.slice(0, 2).toLowerCase();
  if (TAGGED_TERMS.has(lang)) {
    const terms = taggedKeyTerms(text.slice(0, TAGGED_TEXT_MAX), lang, { limit: max + 2 }).map((t) => t.term);
    // a word that is the head of two of the terms ("분열" of "감수 분열" and "체세포 분열") is said by them
    const inside = (word: string, term: string) => term !== word && term.split(/\s+/u).includes(word);
    return terms
      .filter((t) => /\s/u.test(t) || terms.filter((other) => inside(t, other)).length < 2)
      .slice(0, max);
  }
  const scored: { surface: string; key: string; score: number }[] = [];
  const candidates = termCandidates(text, locale);
  // How often each word stands inside a repeated two-word term, counted once for all candidates.
  const inPairs = new Map<string, number>();
  for (const [key, { count }] of candidates) {
    const parts = key.split(" ");
    if (parts.length === 2 && count >= 2)
      for (const w of parts) inPairs.set(w, (inPairs.get(w) ?? 0) + count);
  }
  for (const [key, { surface, count: seen }] of candidates) {
    // A Korean word met inside a two-word term ("분열" in "감수 분열") counts for that term, not alone.
    const count = /^\p{Script=Hangul}+$/u.test(surface) ? seen - (inPairs.get(key) ?? 0) : seen;
    if (count < 2) continue;
    const df = stats.df.get(key) ?? 1;
    const idf = Math.log((stats.sectionCount + 1) / df) + 0.1;
    const n = hasCjk(surface)
      ? Math.min(3, Math.ceil([...surface].length / 2))
      : surface.split(/[\s-]+/).length;
    if (!hasCjk(surface) && n === 1 && !/^\p{Lu}{2,}\d*$/u.test(surface)) {
      // A lone word twice in a short section is rarely a term ("alternative", "technique"); capitalised
      // lone words are mostly names and sentence starts, except in German where every noun is capitalised.
      if (count < 3) continue;
      if (/^\p{Lu}\p{Ll}/u.test(surface) && !locale.startsWith("de")) continue;
      if (locale.startsWith("en") && /(?:ed|ly)$/.test(surface)) continue; // verbs and adverbs, not terms
    }
    scored.push({ surface, key, score: count * idf * (1 + 0.6 * (n - 1)) });
  }
  scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  const out: string[] = [];
  let verbs: Set<string> | undefined;
  let bounds: Set<number> | undefined;
  for (const s of scored) {
    // skip a term contained in (or containing) one already chosen
    if (out.some((t) => t.toLowerCase().includes(s.key) || s.key.includes(t.toLowerCase()))) continue;
    // an English word run is a term when the tagger reads it as a noun phrase ("plot shows" is a clause), a lone
    // word when the text mostly uses it as one ("shows" is a verb there)
    if (
      lang === "en" &&
      (/\s/u.test(s.surface) ? !isConceptTerm(s.surface, "en") : (verbs ??= verbUses(text)).has(s.key))
    )
      continue;
    // a Chinese term is a noun by jieba's tags ("包含", "有限", "任意", "最小" are said often and name nothing),
    // standing as whole words where the text uses it ("数子" of "可数子集" is no term)
    if (
      lang === "zh" &&
      (!isConceptTerm(s.surface, "zh") || !standsAsWords(text, s.surface, (bounds ??= wordBounds(text))))
    )
      continue;
    out.push(s.surface);
    if (out.length >= max) break;
  }
  return out;
}

/** Where the text's words (jieba's segmentation) start and end. */
function wordBounds(text: string): Set<number> {
  const out = new Set<number>();
  for (const t of tokenize(text, "zh")) out.add(t.start).add(t.end);
  return out;
}

/** Whether most of a term's uses in the text start and end on word bounds. */
function standsAsWords(text: string, term: string, bounds: Set<number>): boolean {
  let whole = 0;
  let all = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) {
    all++;
    if (bounds.has(at) && bounds.has(at + term.length)) whole++;
  }
  return whole * 2 >= all;
}

/** English words a text uses more often as verbs than as nouns (wink's tags in context), lower-cased. */
function verbUses(text: string): Set<string> {
  const uses = new Map<string, number>();
  for (const t of tokenize(text.slice(0, TAGGED_TEXT_MAX), "en")) {
    const key = t.text.toLowerCase();
    if (t.pos === "VERB") uses.set(key, (uses.get(key) ?? 0) + 1);
    else if (t.pos === "NOUN" || t.pos === "PROPN") uses.set(key, (uses.get(key) ?? 0) - 1);
  }
  return new Set([...uses].filter(([, n]) => n > 0).map(([word]) => word));
}

/** Word weights (TF-IDF) of each unit, for similarity. */
function unitVectors(units: Unit[]): Map<string, number>[] {
  const df = new Map<string, number>();
  for (const u of units) for (const w of new Set(u.words)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = units.length;
  return units.map((u) => {
    const v = new Map<string, number>();
    for (const w of u.words) {
      if (isStopword(w)) continue;
      v.set(w, (v.get(w) ?? 0) + 1);
    }
    for (const [w, tf] of v) v.set(w, (1 + Math.log(tf)) * Math.log(1 + n / (df.get(w) ?? 1)));
    return v;
  });
}

const WINDOW = 300;
const DAMPING = 0.85;
const ITERATIONS = 30;

/** TextRank centrality of each unit (cosine similarity graph, PageRank); big sections ranked in windows. */
export function rankUnits(units: Unit[]): number[] {
  const scores = new Array<number>(units.length).fill(0);
  for (let start = 0; start < units.length; start += WINDOW) {
    const slice = units.slice(start, start + WINDOW);
    const r = pageRank(unitVectors(slice));
    // scale so windows of different sizes compare (mean score 1 in each window)
    r.forEach((s, i) => (scores[start + i] = s * slice.length));
  }
  return scores;
}

function pageRank(vecs: Map<string, number>[]): number[] {
  const n = vecs.length;
  if (n === 0) return [];
  if (n === 1) return [1];
  const norms = vecs.map((v) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0)) || 1);
  // sparse similarity through an inverted index; very common words are skipped
  const postings = new Map<string, number[]>();
  vecs.forEach((v, i) => {
    for (const w of v.keys()) {
      let p = postings.get(w);
      if (!p) postings.set(w, (p = []));
      p.push(i);
    }
  });
  const sim = new Float64Array(n * n);
  const cap = Math.max(8, n * 0.4);
  for (const [w, list] of postings) {
    if (list.length < 2 || list.length > cap) continue;
    for (let a = 0; a < list.length; a++) {
      const i = list[a]!;
      const wi = vecs[i]!.get(w)! / norms[i]!;
      for (let b = a + 1; b < list.length; b++) {
        const j = list[b]!;
        const x = wi * (vecs[j]!.get(w)! / norms[j]!);
        sim[i * n + j]! += x;
        sim[j * n + i]! += x;
      }
    }
  }
  const outSum = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += sim[i * n + j]!;
    outSum[i] = s;
  }
  let score = new Float64Array(n).fill(1 / n);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n);
    let dangling = 0;
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) {
        dangling += score[j]!;
        continue;
      }
      const share = (DAMPING * score[j]!) / outSum[j]!;
      for (let i = 0; i < n; i++) {
        const w = sim[j * n + i]!;
        if (w !== 0) next[i]! += share * w;
      }
    }
    for (let i = 0; i < n; i++) next[i]! += (DAMPING * dangling) / n;
    score = next;
  }
  return [...score];
}

/** How many units to keep for a section of `n` units, at most. */
export function quota(n: number, level: DetailLevel): number {
  if (level === "simple") return n <= 2 ? n : Math.min(5, Math.max(2, Math.round(Math.sqrt(n))));
  return n <= 6 ? n : Math.min(40, Math.max(6, Math.round(n * 0.45)));
}

/**
 * Share of a section's characters a note keeps: a study note is much shorter than its source (a detailed
 * note at most about a third, a concise one about a tenth), but never leaves a section empty.
 */
export const KEEP_SHARE: Record<DetailLevel, number> = { simple: 0.09, detail: 0.27 };
/** Characters a section may keep whatever its length: a short section is kept (nearly) whole. */
const KEEP_MIN: Record<DetailLevel, number> = { simple: 100, detail: 240 };

/** A list this short is kept whole in a detailed note once one of its items is chosen: lists stay lists. */
const WHOLE_LIST = { items: 7, chars: 600 };

const CODE = /:=|\/\/|==|!=|->|=>|[{}]|;\s*$|^\s*(?:mov|jne|jmp|cmp|ld|st|add|sub)\s/;
/** Code and listings: a comment or assignment opening the line. */
const CODE_LINE = /^\s*(?:\/\/|\/\*|#include|[{}])|:=/;
const SENTENCE_END = /[.!?。！？:;：；…)"”’]$/u;

/**
 * A line of program code ("public Bar(int anA){", "this.a = anA;", "x := x + 1"): a slide may show it, but its
 * identifiers are no key terms ("int anA", "public static Bar" were the refactoring talk's).
 */
export function isCodeText(text: string, words = text.split(/\s+/)): boolean {
  if (CODE_LINE.test(text)) return true;
  const functionWords = words.filter((w) => isStopword(w.toLowerCase()) && /\p{L}/u.test(w)).length;
  return CODE.test(text) && functionWords < words.length * 0.2;
}

/** The text without its lines of code, for finding key terms. */
export function withoutCode(text: string): string {
  return text
    .split("\n")
    .filter((line) => !isCodeText(line))
    .join("\n");
}

/**
 * True for text that is not a sentence a student would study: debris of figures and tables ("ALL SEQ ALLd
 * ALL V P", "Linked Linked Closed Linked"), code, formula soup ("Δw lim = lim Δz−"), fill-in blanks, and a
 * paragraph that starts mid-sentence (after a figure or a column break: "inner loops become hot first), …").
 */
/** A numbered statement that is mostly a formula ("1. $\\exists\\lim x_n=a\\Rightarrow\\exists!\\lim x_n=a$."): a property. */
const NUMBERED_FORMULA_STATEMENT = new RegExp(
  String.raw`^\d{1,2}[.)]\s+(?:\([^()]{1,60}\)\s*)?` + RELATION_FORMULA.source,
  "u",
);
/** A proof's opening: what a note keeps last (the statement it proves is what a student learns). */
const PROOF_OPENING =
  /^(?:proof|доказательство|证明|證明|preuve|démonstration|beweis|demostración|prova|demonstração|証明)\s*[.:：]/iu;

export function isJunk(u: Pick<Unit, "text" | "words" | "kind">): boolean {
  if (isPlainEquation(u.text) || NUMBERED_FORMULA_STATEMENT.test(u.text)) return false;
  // a formula reads as one word of the sentence (its LaTeX is neither code nor symbol soup)
  const text = u.text.includes("$") ? u.text.replace(FORMULA, "X") : u.text;
  if (/_{4,}/.test(text)) return true; // a fill-in blank of a worksheet
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  // mostly digits and symbols; a short bullet with a word in it ("For 2003") is a bullet
  if (letters < text.length * 0.4 && !(u.kind === "item" && text.length <= 40 && /\p{L}{3}/u.test(text)))
    return true;
  // a table's row read as text: numbers and dashes among names ("- 56.5 39.2 - 40.2 46.8 - Single …")
  const tokens = text.split(/\s+/);
  const numeric = tokens.filter((t) => /^[-–—+]?[\d.,%]*\d[\d.,%]*$|^[-–—]$/.test(t)).length;
  if (tokens.length >= 6 && numeric > tokens.length * 0.3 && !SENTENCE_END.test(text)) return true;
  if (u.kind === "item") return false;
  if (hasCjk(text))
    return (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu) ?? []).length < 6;
  if (u.words.length < 4) return true;
  if (/^\p{Ll}/u.test(text) && !/^(?:e\.g|i\.e|cf|vs|etc)\b/.test(text)) return true;
  const real = u.words.filter((w) => /^\p{L}{3,}/u.test(w));
  if (real.length < 4 && !SENTENCE_END.test(text)) return true;
  const functionWords = u.words.filter((w) => isStopword(w) && /\p{L}/u.test(w)).length;
  if (functionWords === 0 && !SENTENCE_END.test(text)) return true; // a row of labels
  if (isCodeText(text, u.words)) return true;
  // figure labels run together: many capitalised words inside, and no end ("… Native abort Monitor …")
  const inner = text.split(/\s+/).slice(1);
  const capitalised = inner.filter((w) => /^\p{Lu}/u.test(w)).length;
  if (!SENTENCE_END.test(text) && inner.length >= 6 && capitalised > inner.length * 0.25) return true;
  return false;
}

/**
 * An equation on its own line goes with the sentence that introduces it ("Euler solved the Basel problem:"
 * and the sum below it); a slide's equations stay in a detailed note, as its other lines do.
 */
function keepFormulas(units: Unit[], chosen: number[], all: boolean): void {
  for (let i = 0; i < units.length; i++) {
    const equation = (t: string) => isFormulaOnly(t) || isPlainEquation(t);
    if (chosen.includes(i) || !equation(units[i]!.text)) continue;
    let j = i - 1;
    while (j >= 0 && equation(units[j]!.text) && !chosen.includes(j)) j--;
    if (all || (j >= 0 && chosen.includes(j))) chosen.push(i);
  }
}

const LEAD_IN = /[:：]\s*$/u;
/** Of a lead-in's list a note keeps its first items: a concise note shortens the list, a detailed one keeps it. */
const LEAD_IN_LIST: Record<DetailLevel, { items: number; chars: number }> = {
  simple: { items: 4, chars: 240 },
  detail: { items: 12, chars: 600 },
};

/**
 * A kept lead-in ("Elle prend en charge :", "Obama Administration's Education Goal:") brings what it introduces:
 * the list after it (its first items, within the characters left to the section), or the sentence after it; a
 * lead-in whose content is all debris, or does not fit, is dropped rather than kept as a label without content.
 */
function completeLeadIns(
  units: Unit[],
  chosen: number[],
  level: DetailLevel,
  section: PreparedSection,
  room: number,
): void {
  // a kept item of a list brings the list's lead-in, which brings the list
  for (const i of [...chosen]) {
    if (units[i]!.kind !== "item") continue;
    const lead = units.findIndex((u) => u.block === units[i]!.block) - 1;
    if (lead >= 0 && LEAD_IN.test(units[lead]!.text) && !chosen.includes(lead)) chosen.push(lead);
  }
  for (const i of [...chosen]) {
    const lead = units[i]!;
    if (!LEAD_IN.test(lead.text)) continue;
    const next = units[i + 1];
    let content: number[] = [];
    if (next && next.block !== lead.block && section.blocks[next.block]?.type === "list") {
      // the list below the lead-in (or, for a list item ending in ":", the items after it in its list)
      content = units.flatMap((u, j) => (u.block === next.block && j > i ? [j] : []));
    } else if (next && lead.kind === "item" && next.block === lead.block) {
      // the items after it in its list, up to the next lead-in ("Before calling: …", "After return: …")
      for (let j = i + 1; units[j]?.block === lead.block && !LEAD_IN.test(units[j]!.text); j++)
        content.push(j);
    } else if (next) content = [i + 1];
    let chars = 0;
    content = content
      // an equation is what a lead-in ending in ":" often introduces ("Euler solved the Basel problem:")
      .filter((j) => !isJunk(units[j]!) || isFormulaOnly(units[j]!.text))
      .slice(0, LEAD_IN_LIST[level].items)
      // a formula takes the room of a word: its LaTeX source is longer than what it says
      .filter((j) => chosen.includes(j) || (chars += units[j]!.text.replace(FORMULA, "X").length) <= room);
    if (content.length === 0) {
      chosen.splice(chosen.indexOf(i), 1);
      continue;
    }
    for (const j of content) if (!chosen.includes(j)) chosen.push(j);
  }
}

/** What a detailed note keeps of a labelled item: its label and its first sentences, within this many characters. */
const LABELLED_ITEM_CHARS = 280;

/**
 * A labelled list ("Noise arises from four sources:" and "Environmental noise: …", "Measurement noise: …") is
 * the section's skeleton: a note keeps every label, each with the first sentences of its item (a concise note
 * with the start of its first), rather than the one item that ranks best.
 */
function keepLabelledLists(
  units: Unit[],
  chosen: number[],
  section: PreparedSection,
  locale: string,
  level: DetailLevel,
): void {
  section.blocks.forEach((block, bi) => {
    if (block.type !== "list") return;
    const items = units.flatMap((u, j) => (u.block === bi && u.kind === "item" ? [j] : []));
    if (items.length < 2 || items.length > 12) return;
    const labelled = items.flatMap((j) => {
      const parts = labelledItem(units[j]!.text);
      return parts ? [{ j, ...parts }] : [];
    });
    if (labelled.length < Math.max(2, Math.ceil((items.length * 2) / 3))) return;
    for (const { j, label, rest } of labelled) {
      const u = units[j]!;
      if (isJunk(u)) continue;
      const sentences = splitSentences(rest, locale);
      // the sentence about the label ("Electrical noise refers to …") is kept even when it is not the first
      const opensWithLabel = (x: string) => x.toLowerCase().startsWith(label.toLowerCase());
      const defining = sentences.findIndex((x, k) => k > 0 && opensWithLabel(x));
      const fits = (parts: string[]) => label.length + parts.join(" ").length <= LABELLED_ITEM_CHARS;
      const said: string[] = [];
      if (defining > 0 && !opensWithLabel(sentences[0]!))
        said.push(
          ...(fits([sentences[0]!, sentences[defining]!]) ? [sentences[0]!] : []),
          sentences[defining]!,
        );
      else
        for (const sentence of sentences) {
          if (said.length > 0 && !fits([...said, sentence])) break;
          said.push(sentence);
        }
      // a concise note says each label with the start of what its item says
      const body =
        level === "simple"
          ? shorten(said[0]!, { words: 24, cjkChars: 45, minClause: 8 })
          : said.join(hasCjk(rest) ? "" : " ");
      const text = `${label}: ${body}`;
      units[j] = {
        ...u,
        text,
        words: wordTokens(text, locale).map((t) => t.word),
        definition: { start: 0, end: label.length },
      };
      if (!chosen.includes(j)) chosen.push(j);
    }
  });
}

function overlap(a: Unit, b: Unit): number {
  const sa = new Set(a.words);
  const sb = new Set(b.words);
  let inter = 0;
  for (const w of sa) if (sb.has(w)) inter++;
  return inter / Math.max(1, Math.min(sa.size, sb.size));
}

/**
 * Chooses the units and tables of one section: its definitions, then its best-ranked sentences (numbers
 * favoured in a detailed note) within the section's share of characters; short lists whole; a slide's
 * bullets all in a detailed note.
 */
export function extractSection(
  section: PreparedSection,
  locale: string,
  stats: DocStats,
  level: DetailLevel,
): SectionExtract {
  const units = sectionUnits(section, locale);
  const scores = rankUnits(units);
  if (units.length > 0) scores[0]! *= 1.15; // the opening sentence usually states the topic
  units.forEach((u, i) => {
    if (u.words.length > 80) scores[i]! *= 0.7;
    if (level === "detail" && /\d/.test(u.text)) scores[i]! *= 1.15;
    // the sentence that introduces an equation brings the equation with it (see keepFormulas)
    if (level === "detail" && units[i + 1] && isFormulaOnly(units[i + 1]!.text)) scores[i]! *= 1.3;
    // a property stated in a formula comes before the proof of it (a Russian lecture kept its proofs only)
    if (NUMBERED_FORMULA_STATEMENT.test(u.text)) scores[i]! *= 1.5;
    if (PROOF_OPENING.test(u.text)) scores[i]! *= 0.4;
  });
  const order = units.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const chosen: number[] = [];
  const fits = (u: Unit) => !isJunk(u) && !chosen.some((c) => overlap(units[c]!, u) > 0.8);

  // characters a kept lead-in's list may add: a concise note stays within its share of the section
  let leadInRoom = LEAD_IN_LIST[level].chars;
  if (section.slideText && level === "detail") {
    // Slides are terse already: every bullet and line of the slide (only a line said twice is said once).
    const said = new Set<string>();
    units.forEach((u, i) => {
      const key = u.words.join(" ");
      if (!isJunk(u) && !said.has(key)) chosen.push(i);
      said.add(key);
    });
  } else {
    const total = units.reduce((n, u) => n + u.text.length, 0);
    // a CJK character carries about what 2–3 Latin letters do
    const floor = KEEP_MIN[level] * (hasCjk(units[0]?.text ?? "") ? 0.4 : 1);
    const budget = Math.max(total * KEEP_SHARE[level], floor);
    const cap = quota(units.length, level);
    let used = 0;
    const take = (i: number, force = false): boolean => {
      const u = units[i]!;
      if (chosen.includes(i) || (force ? isJunk(u) : !fits(u))) return false;
      if (!force && chosen.length > 0 && (used + u.text.length > budget || chosen.length >= cap))
        return false;
      chosen.push(i);
      used += u.text.length;
      return true;
    };
    const maxDefs = level === "simple" ? 1 : 3;
    order
      .filter((i) => units[i]!.definition)
      .slice(0, maxDefs)
      .forEach((i) => take(i));
    for (const i of order) {
      if (!take(i)) continue;
      const u = units[i]!;
      const list = section.blocks[u.block];
      if (level !== "detail" || u.kind !== "item" || list?.type !== "list") continue;
      const items = units.flatMap((x, j) => (x.block === u.block ? [j] : []));
      const chars = items.reduce((n, j) => n + units[j]!.text.length, 0);
      if (items.length <= WHOLE_LIST.items && chars <= WHOLE_LIST.chars) items.forEach((j) => take(j, true));
    }
    leadInRoom = Math.min(leadInRoom, Math.max(0, budget - used) + KEEP_MIN[level] / 2);
    keepLabelledLists(units, chosen, section, locale, level);
  }
  completeLeadIns(units, chosen, level, section, leadInRoom);
  if (chosen.length === 0) {
    // never leave a section empty, unless all it has is debris and blanks (or labels without content)
    const best =
      order.find((i) => !isJunk(units[i]!) && !LEAD_IN.test(units[i]!.text)) ??
      units.findIndex((u) => isFormulaOnly(u.text));
    if (best !== undefined && best >= 0) chosen.push(best);
    else if (units.reduce((n, u) => n + u.text.length, 0) >= 100) {
      // a section of data lines and fragments ("Loop Lengths: SF40= 1.2cm; …") still says its longest one
      const data = units.filter(
        (u) => !/_{4,}/.test(u.text) && (u.text.match(/\p{L}{2,}/gu) ?? []).length >= 2,
      );
      const longest = data.sort((a, b) => b.text.length - a.text.length)[0];
      if (longest) chosen.push(units.indexOf(longest));
    }
  }
  keepFormulas(units, chosen, section.slideText === true && level === "detail");
  const tables = section.blocks.flatMap((b, i) =>
    b.type === "table" && !isProseTable(b.rows) && !isBlankForm(b.rows) ? [i] : [],
  );

  const keptText = chosen.map((i) => units[i]!.text).join("\n");
  const sectionText = units
    .filter((u) => !isCodeText(u.text, u.words))
    .map((u) => u.text)
    .join("\n");
  const max = level === "simple" ? 3 : 5;
  // what the author set in bold comes first, where the note keeps the sentence it stands in
  const keptProse = maskFormulas(keptText);
  const bold = (section.emphasis ?? []).filter((t) => boldTermLike(t) && findWord(keptProse, t) >= 0);
  const computed = keyTerms(sectionText, locale, stats, max).filter((t) =>
    keptText.toLowerCase().includes(t.toLowerCase()),
  );
  const terms = [...new Set([...bold, ...computed])].slice(0, Math.max(max, Math.min(bold.length, max * 2)));
  return { units, kept: chosen.sort((a, b) => a - b), tables, terms };
}
