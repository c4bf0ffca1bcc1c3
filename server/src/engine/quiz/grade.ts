import { QUIZ_PASS_SCORE } from "@beannote/contract";
import { isFunctionWord, nlpReady, stemmerFor, termSpecificity, tokenize, type Token } from "../nlp";
import { proseLanguage } from "../prose-language";
import { quizLabelsFor } from "../study-labels";
import type { GradeOutcome, GradeRequest } from "./question";
import { polarKey, statesOpposite, statesOppositeBeside, swapsRoles } from "./roles";
import { exchangesRoles, replacesTerm } from "./slots";
import { englishSynonyms, senseIds } from "./synonyms";

/** Share of a key point's weighted content an answer must state (with the same polarity) for the point to count. */
const FOUND_AT = 0.4;
/** Coverage of a found point that earns its full share of the score (answers in other words rarely reuse more). */
const FULL_AT = 0.7;
/** Share of what only a point says that an answer must state for the point to count (not just the shared words). */
const DISTINCTIVE_AT = 0.25;
/** A point most of whose content the answer states counts whatever it says in its own words of what only the point says. */
const MOSTLY_AT = 0.6;
/** A keyword list without a sentence earns at most this (partial credit, never a pass). */
const LIST_CAP = 0.5;
/** What an answer that states a key point's number or formula wrongly can score at most: wrong (above 0.1 is partial). */
const WRONG_FACT_CAP = 0.1;
/** A keyword list finds a point once it names this share of it. */
const LIST_FOUND_AT = 0.25;
/** Under this share of its content words in the key points (or the question), an answer is mostly about something else. */
const RELEVANT_AT = 0.3;
/** Share of a point's matched content stated with the opposite polarity that makes the point contradicted. */
const CONTRADICTED_AT = 0.34;

/**
 * An answer that covers none of the key points earns nothing, whoever graded it: the verdict ("wrong", not
 * "partly correct") then agrees with "0 of N key points".
 */
export function agreeWithPoints(outcome: GradeOutcome, keyPoints: number): GradeOutcome {
  return keyPoints > 0 && outcome.found.length === 0 ? { ...outcome, score: 0 } : outcome;
}

// --- what a text states: its terms (with polarity), numbers and formulas, clause by clause ---

/**
 * Negation markers, a closed class per language: a clause holding one states the opposite of the same clause
 * without it ("ne … pas" counts once, it only needs to be there). Japanese and Korean negate with an auxiliary
 * after the verb, which the tokenizer gives as its own morpheme (ない, ぬ, ん, ず; 않다, 없다).
 */
const NEGATIONS = new Set(
  [
    "not n't no never none nothing neither nor cannot nobody nowhere",
    "ne pas jamais aucun aucune rien ni guère",
    "nicht kein keine keinen keinem keiner nie niemals",
    "nunca jamás ningún ninguno ninguna não nenhum nenhuma non mai",
    "не ни нет никогда нельзя ничего никак ніколи",
    "不 没 没有 無 无 未 别 並非 并非 并不 并未 不是 不能 不会 不可 从未 絶不 绝不 不再 尚未 无法 不一定 并不一定",
    "不用 不需 不需要 无需 无须 不必 没必要 用不着",
    "ない 無い ぬ ん ず なし 않다 않 없다 없 안 못",
  ]
    .join(" ")
    .split(/\s+/),
);
/** Languages that write compounds as one word ("Zellmembran"). */
const COMPOUNDING = new Set(["de", "nl", "sv", "da", "nb", "no"]);
/** Languages whose clauses end in their predicate, joined by particles ("…と", "…ば", "…ので"). */
const VERB_FINAL = new Set(["ja"]);
const CLAUSE_PARTICLES = new Set(["と", "ば", "たら", "なら", "ので", "から", "けど", "けれど", "が", "し"]);
const NEGATING_DETERMINERS = new Set(
  "no kein keine keinen keinem keiner aucun aucune ningún ninguna nenhum nenhuma".split(" "),
);
const ELIDED_NEGATION = /^n['’]/iu;
const isNegation = (t: Token) =>
  NEGATIONS.has(t.text.toLowerCase()) || NEGATIONS.has(t.norm) || ELIDED_NEGATION.test(t.text);

/** Clause ends: a negation reaches no further. */
const CLAUSE_END = /[,;:，；：、。.!?！？\n]|\s[-–—]\s/gu;
/** Pieces of a list: commas and the like, and in CJK text the spaces between words. */
const LIST_SEPARATOR = /[,;:，；：、·•|/\n]+|\s[-–—]\s/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
/** A symbol that states a relation: a fragment holding one says something, even without a verb. */
const RELATION = /[=<>≤≥≠→⇒⇔∈⊂⊆≈∝]/u;

/** Number words zero to twelve, per language: "ten times" states 10. */
const NUMBER_WORDS: Record<string, string> = {
  en: "zero one two three four five six seven eight nine ten eleven twelve",
  fr: "zéro un|une deux trois quatre cinq six sept huit neuf dix onze douze",
  de: "null eins|ein|eine zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
  es: "cero uno|una dos tres cuatro cinco seis siete ocho nueve diez once doce",
  pt: "zero um|uma dois|duas três quatro cinco seis sete oito nove dez onze doze",
  ru: "ноль один|одна|одно два|две три четыре пять шесть семь восемь девять десять одиннадцать двенадцать",
};
const numberWordsCache = new Map<string, Map<string, number>>();
function numberWords(lang: string): Map<string, number> {
  let words = numberWordsCache.get(lang);
  if (!words) {
    words = new Map();
    (NUMBER_WORDS[lang] ?? "").split(" ").forEach((forms, value) => {
      for (const form of forms.split("|")) if (form) words!.set(form, value);
    });
    numberWordsCache.set(lang, words);
  }
  return words;
}
const CJK_DIGITS = "〇一二三四五六七八九十";

/** A number of a text and the word it counts or measures ("10 times" → time, "三次握手" → 握手), if any. */
interface Quantity {
  value: number;
  unit: string | null;
}

/**
 * Numbers of a text: digits ("9%-19%" → 9, 19; "1,000" → 1000), small number words, 一 … 十 before a
 * counter; each with the first content word after it as its unit.
 */
function quantitiesIn(text: string, tokens: Token[], lang: string): Quantity[] {
  const found: { value: number; end: number }[] = [];
  for (const m of text.matchAll(
    /(?<![\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}])\d+(?:[.,]\d+)*/gu,
  )) {
    const raw = m[0];
    const value = /^\d{1,3}(?:,\d{3})+$/.test(raw)
      ? Number(raw.replace(/,/g, ""))
      : Number(raw.replace(",", "."));
    if (Number.isFinite(value)) found.push({ value, end: m.index + raw.length });
  }
  const words = numberWords(lang);
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const value = words.get(m[0].toLowerCase());
    if (value !== undefined) found.push({ value, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(
    /零|[一二三四五六七八九十两兩](?=[次个個种種类類步阶階级級组組条條项項点點倍章节節つ])/gu,
  )) {
    const ch = m[0];
    const value = ch === "两" || ch === "兩" ? 2 : ch === "零" ? 0 : CJK_DIGITS.indexOf(ch);
    found.push({ value, end: m.index + 1 });
  }
  return found.map(({ value, end }) => {
    const clauseEnd = end + (/[,;:.!?，；：。！？、\n]|$/u.exec(text.slice(end))?.index ?? 0);
    const next = tokens.filter((t) => t.start >= end && t.end <= clauseEnd).slice(0, 3);
    const unit = next.find((t) => !t.stop && !isNegation(t) && !/\p{N}/u.test(t.text) && t.pos !== "NUM");
    return { value, unit: unit ? termKey(unit, lang) : null };
  });
}

/** Formulas "lhs = rhs", spaces and multiplication signs dropped, so "I·L·B·sinθ" and "I L B sin θ" agree. */
function formulasIn(text: string): { lhs: string; rhs: string }[] {
  const out: { lhs: string; rhs: string }[] = [];
  const stop = "\\n,;:，；：。！？、()（）\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}";
  const re = new RegExp(
    `([\\p{L}\\p{N}_′'ΔΣ]{1,8})\\s*=\\s*([^${stop}=]+?)(?=$|[${stop}]|\\s+[\\p{L}]{4,}|\\s[-–—]\\s|\\s*=)`,
    "gu",
  );
  const squash = (s: string) =>
    s
      .replace(/[\s·×*⋅]/gu, "")
      .replace(/−/g, "-")
      .toLowerCase();
  for (const m of text.matchAll(re)) {
    const rhs = squash(m[2]!).replace(/[.。]+$/u, "");
    if (rhs && !/^\d+([.,]\d+)?%?$/.test(rhs)) out.push({ lhs: squash(m[1]!), rhs });
  }
  return out;
}

interface Term {
  key: string;
  weight: number;
  negated: boolean;
  start: number;
}

/** A text read for grading: its content terms with polarity, the clause spans, numbers and formulas. */
interface Reading {
  terms: Term[];
  /** CJK character pairs of content (a second reading that does not depend on segmentation). */
  pairs: Term[];
  numbers: Quantity[];
  formulas: { lhs: string; rhs: string }[];
  tokens: Token[];
}

const POS_WEIGHT: Partial<Record<NonNullable<Token["pos"]>, number>> = { VERB: 0.6, ADJ: 0.6, ADV: 0.3 };

/** A term's matching key: the lemma or stem, French/Italian elision taken off ("l'eau" → "eau"). */
function termKey(token: Token, lang: string): string {
  const elided = /^[\p{L}]{1,2}['’](\p{L}{2,})$/u.exec(token.norm);
  if (elided && (lang === "fr" || lang === "it")) {
    const rest = elided[1]!.toLowerCase();
    return stemmerFor(lang)?.stem(rest) ?? rest;
  }
  // a lemma is stemmed too: the lemmatiser leaves a word it takes for a name as written ("Antigens" opening a
  // sentence, tagged PROPN, against "antigen"), and a stem is the same for both
  if (lang === "en" && /^\p{Script=Latin}+$/u.test(token.norm))
    return stemmerFor("en")?.stem(token.norm) ?? token.norm;
  return token.norm;
}

/** A token's matching key when it is a content word (what `readText` counts as a term), else null. */
function contentKey(t: Token, lang: string): string | null {
  if (t.stop || isNegation(t) || t.pos === "NUM" || /^[\p{N}\p{P}]+$/u.test(t.text)) return null;
  const key = termKey(t, lang);
  return key && (CJK.test(key) || key.length >= 2) ? key : null;
}

const readCache = new Map<string, Reading>();
/** `readText`, remembered: a question's key points are read again for every answer to it. */
function read(text: string, lang: string): Reading {
  const key = `${lang}\u0000${text}`;
  let reading = readCache.get(key);
  if (!reading) {
    reading = readText(text, lang);
    if (readCache.size >= 2000) readCache.delete(readCache.keys().next().value!);
    readCache.set(key, reading);
  }
  return reading;
}

function readText(text: string, lang: string): Reading {
  const tokens = tokenize(text, lang);
  const clauses: { start: number; end: number }[] = [];
  let from = 0;
  for (const m of [...text.matchAll(CLAUSE_END), { index: text.length, 0: "" }]) {
    const end = m.index!;
    if (end > from) clauses.push({ start: from, end });
    from = end + m[0].length;
  }
  if (VERB_FINAL.has(lang)) {
    // a conditional or conjunctive particle after a predicate ends a clause too: "大きすぎると | 収束しない"
    tokens.forEach((t, i) => {
      const before = tokens[i - 1];
      if (!CLAUSE_PARTICLES.has(t.text) || !before || (before.pos !== "VERB" && before.pos !== "ADJ")) return;
      const at = clauses.findIndex((c) => t.start >= c.start && t.end <= c.end);
      if (at < 0 || t.end >= clauses[at]!.end) return;
      const c = clauses[at]!;
      clauses.splice(at, 1, { start: c.start, end: t.end }, { start: t.end, end: c.end });
    });
  }
  // a clause holding a negation states its opposite; a negating determiner only its noun ("no preemption")
  const negatedSpans: { start: number; end: number }[] = [];
  tokens.forEach((t, i) => {
    const clause = isNegation(t) ? clauses.find((c) => t.start >= c.start && t.end <= c.end) : undefined;
    if (!clause) return;
    const noun = NEGATING_DETERMINERS.has(t.text.toLowerCase())
      ? tokens.slice(i + 1, i + 4).find((n) => n.end <= clause.end && (n.pos === "NOUN" || n.pos === "PROPN"))
      : undefined;
    negatedSpans.push(noun ? { start: t.start, end: noun.end } : clause);
  });
  const negatedAt = (offset: number) => negatedSpans.some((c) => offset >= c.start && offset < c.end);

  const terms: Term[] = [];
  for (const t of tokens) {
    if (t.stop || isNegation(t) || t.pos === "NUM" || /^[\p{N}\p{P}]+$/u.test(t.text)) continue;
    const key = polarKey(t.text, lang) ?? termKey(t, lang);
    if (!key || (!CJK.test(key) && key.length < 2)) continue;
    // a rare word ("hyperplane", "豪斯多夫") tells more of what a point says than an everyday one ("model", "函数")
    const weight = (POS_WEIGHT[t.pos!] ?? 1) * Math.min(1.8, Math.max(0.4, termSpecificity([t], lang)));
    terms.push({ key, weight, negated: negatedAt(t.start), start: t.start });
  }
  const pairs: Term[] = [];
  const functionAt = new Set<number>();
  for (const t of tokens)
    if (t.stop || isNegation(t)) for (let i = t.start; i < t.end; i++) functionAt.add(i);
  const chars = [...text];
  let offset = 0;
  const offsets = chars.map((c) => ((offset += c.length), offset - c.length));
  for (let i = 0; i + 1 < chars.length; i++) {
    const [a, b] = [chars[i]!, chars[i + 1]!];
    if (
      !CJK_CHAR.test(a) ||
      !CJK_CHAR.test(b) ||
      functionAt.has(offsets[i]!) ||
      functionAt.has(offsets[i + 1]!)
    )
      continue;
    pairs.push({ key: a + b, weight: 1, negated: negatedAt(offsets[i]!), start: offsets[i]! });
  }
  return { terms, pairs, numbers: quantitiesIn(text, tokens, lang), formulas: formulasIn(text), tokens };
}

// --- synonyms the text defines: "support vector machine (SVM)", "SVM (support vector machine)", "支持向量机（SVM）" ---

const ACRONYM = "[\\p{Lu}][\\p{Lu}\\p{N}\\-]{1,9}s?";
const LONG_THEN_SHORT = new RegExp(`([^()（）\\n]{2,80}?)\\s*[(（]\\s*(${ACRONYM})\\s*[)）]`, "gu");
const SHORT_THEN_LONG = new RegExp(
  `(?<![\\p{L}\\p{N}])(${ACRONYM})\\s*[(（]\\s*([^()（）=\\n]{3,60})\\s*[)）]`,
  "gu",
);

/** Initials of a phrase's words, hyphenated parts included ("dual-encoder" → "de"). */
const initials = (phrase: string) =>
  (phrase.match(/\p{L}+/gu) ?? []).map((w) => w[0]!.toLowerCase()).join("");

/** The long form an acronym stands for, taken from the words just before it (as many as it has letters, ±1). */
function longFormBefore(before: string, acronym: string): string | null {
  const letters = acronym
    .replace(/s$/, "")
    .replace(/[^\p{L}]/gu, "")
    .toLowerCase();
  const cjkRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]{2,12}$/u.exec(before);
  if (cjkRun) return cjkRun[0];
  const words = before.trim().split(/\s+/);
  for (const n of [letters.length, letters.length - 1, letters.length + 1]) {
    if (n < 1 || n > words.length) continue;
    const phrase = words.slice(-n).join(" ");
    const first = initials(phrase);
    if (
      first[0] === letters[0] &&
      (first === letters || first.startsWith(letters) || letters.startsWith(first))
    )
      return phrase;
  }
  return null;
}

/** Pairs of names the texts declare equal (acronym and long form, a term and its parenthesised alias). */
function definedSynonyms(texts: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const text of texts) {
    for (const m of text.matchAll(LONG_THEN_SHORT)) {
      const long = longFormBefore(m[1]!, m[2]!);
      if (long) out.push([long, m[2]!]);
    }
    for (const m of text.matchAll(SHORT_THEN_LONG)) {
      const long = m[2]!.trim();
      if (initials(long)[0] === m[1]![0]!.toLowerCase() || CJK.test(long)) out.push([m[1]!, long]);
    }
  }
  return out;
}

// --- grading ---

/** Share of characters two Chinese or Japanese words must have in common to count as the same word in part. */
const SHARED_CHARACTERS_AT = 0.5;

/**
 * A Chinese or Japanese word the answer holds in other words that share its characters ("耗能" for "消耗" and for
 * "能量", "穿过" for "通过", "浓度低" for "低浓度"): the best answer word the passage does not use itself, by the
 * share of characters the two have in common (Dice), when more than half; it counts for that share of the point's
 * word.
 */
function sharedCharacters<T>(
  key: string,
  answerKeys: Map<string, T>,
  named: Set<string>,
): [T | undefined, number] {
  if (!CJK.test(key) || key.startsWith("~")) return [undefined, 0];
  const chars = [...key];
  let best: [T | undefined, number] = [undefined, 0];
  for (const [other, seen] of answerKeys) {
    // a word the passage itself uses names its own concept ("支持向量机" is not "支持向量")
    if (!CJK.test(other) || other.startsWith("~") || named.has(other)) continue;
    const theirs = [...other];
    const common = chars.filter((c) => theirs.includes(c)).length;
    const dice = (2 * common) / (chars.length + theirs.length);
    if (dice > SHARED_CHARACTERS_AT && dice > best[1]) best = [seen, dice];
  }
  return best;
}

/** Two stems of one word family share a root of at least this many letters… */
const DERIVED_MIN = 4;
/** …and part at most this many letters before the shorter one ends (a suffix of derivation or inflection). */
const DERIVED_TAIL = 2;
/** English words of a family are kept together by the lemmatiser and WordNet; a short root there is another word. */
const INFLECTED_MIN = 5;

/** How much of a point the answer states, term by term, and whether it states some of it the other way round. */
function matchTerms(
  point: Term[],
  answer: Term[],
  asked: Set<string>,
  spread: Map<string, number>,
  rarity: (key: string) => number,
  polarity = true,
  /** The words of the passage, when CJK words may match by their characters (`sharedCharacters`). */
  named?: Set<string>,
  lang = "",
) {
  const answerKeys = new Map<string, { positive: boolean; negative: boolean }>();
  for (const t of answer) {
    const seen = answerKeys.get(t.key) ?? { positive: false, negative: false };
    if (t.negated) seen.negative = true;
    else seen.positive = true;
    answerKeys.set(t.key, seen);
  }
  const lookup = (key: string) => {
    const exact = answerKeys.get(key);
    const least = lang === "en" ? INFLECTED_MIN : DERIVED_MIN;
    if (exact || CJK.test(key) || key.length < least) return exact;
    // inflections the lemmatiser or stemmer left apart ("encoder" / "encodes", "efficient" / "efficiently"), and
    // words of one family in another part of speech, whose stems part after a common root ("хранения" / "хранить",
    // "обработки" / "обрабатывать", "выдачи" / "выдавать")
    for (const [other, seen] of answerKeys) {
      if (other.length < least || CJK.test(other) || other.startsWith("~")) continue;
      let common = 0;
      while (common < key.length && key[common] === other[common]) common++;
      if (common >= least && common >= Math.min(key.length, other.length) - DERIVED_TAIL) return seen;
    }
    return undefined;
  };
  let weight = 0;
  let held = 0;
  let opposite = 0;
  // what only this point says (not the question, not another point): what tells it apart
  let own = 0;
  let ownHeld = 0;
  let heldKeys = 0;
  let strongest = 0;
  let directionMissed = false;
  let askedKeys = 0;
  const missing: string[] = [];
  const counted = new Set<string>();
  for (const t of point) {
    if (counted.has(t.key)) continue;
    counted.add(t.key);
    const isOwn = !asked.has(t.key) && (spread.get(t.key) ?? 1) === 1;
    if (asked.has(t.key)) askedKeys++;
    const w = (t.weight * rarity(t.key) * (asked.has(t.key) ? 0.5 : 1)) / (spread.get(t.key) ?? 1);
    weight += w;
    if (isOwn) own += w;
    let seen = lookup(t.key);
    let share = 1;
    if (!seen && named) [seen, share] = sharedCharacters(t.key, answerKeys, named);
    // a direction or an extreme only this point states is what it is about: no paraphrase leaves it out
    if (!seen) {
      if (isOwn && t.key.startsWith("~")) directionMissed = true;
      missing.push(t.key);
      continue;
    }
    if (!polarity || (t.negated ? seen.negative : seen.positive)) {
      held += w * share;
      heldKeys++;
      strongest = Math.max(strongest, t.weight);
      if (isOwn) ownHeld += w;
    } else opposite += w;
  }
  return {
    weight,
    held,
    opposite,
    own,
    ownHeld,
    keys: counted.size,
    askedKeys,
    heldKeys,
    strongest,
    directionMissed,
    missing,
  };
}

/** The copula, a verb the taggers file among function words ("is", "です"). */
const COPULAS = new Set(["be", "だ", "です", "である", "是"]);

/**
 * A keyword list: the answer names terms without saying anything of them. None of its pieces (between commas,
 * semicolons, list marks; in CJK text also spaces) is a statement — terms related by a symbol ("Δ > 0",
 * "F = ma"), or a verb or copula among at least four words (three in CJK) — and it either has no verb at all or
 * is mostly pieces of one to three words. Where the tokenizer tags no parts of speech, a function word stands
 * for the verb; a negation always says something.
 */
function isKeywordList(answer: string, reading: Reading, lang: string): boolean {
  const pieces: Token[][] = [];
  let start = 0;
  for (const piece of answer.split(LIST_SEPARATOR)) {
    const at = answer.indexOf(piece, start);
    start = at + piece.length;
    if (!piece.trim()) continue;
    if (RELATION.test(piece)) return false;
    const tokens = reading.tokens.filter((t) => t.start >= at && t.end <= at + piece.length);
    if (!CJK.test(piece)) pieces.push(tokens);
    else {
      let from = at;
      for (const part of piece.split(/\s+/)) {
        const partAt = answer.indexOf(part, from);
        from = partAt + part.length;
        if (part) pieces.push(tokens.filter((t) => t.start >= partAt && t.end <= partAt + part.length));
      }
    }
  }
  const all = pieces.flat();
  const tagged = all.some((t) => t.pos && t.pos !== "NUM");
  const says = (t: Token) =>
    isNegation(t) ||
    (tagged ? t.pos === "VERB" || COPULAS.has(t.norm) : t.stop && !/^[\p{N}\p{P}\p{S}]+$/u.test(t.text));
  const cjk = CJK.test(answer);
  // in a verb-final language a short piece ending on a noun is a noun phrase, its verb a modifier ("よく使う
  // データ"); a longer one describes something ("ACKの3つをやり取りする3ウェイハンドシェイク")
  const endsOnNoun = (p: Token[]) => {
    const words = p.filter((t) => !/^[\p{P}\p{S}]+$/u.test(t.text));
    const last = words.at(-1);
    return (
      VERB_FINAL.has(lang) &&
      words.length <= 4 &&
      (last?.pos === "NOUN" || last?.pos === "PROPN") &&
      !p.some(isNegation)
    );
  };
  if (pieces.some((p) => p.length >= (cjk ? 3 : 4) && p.some(says) && !endsOnNoun(p))) return false;
  if (!cjk && pieces.some((p) => isClause(p) || isPhrase(p))) return false;
  const short = pieces.filter((p) => p.length <= 3).length;
  return (
    !all.some(says) ||
    (pieces.length >= 3 && short >= 0.75 * pieces.length) ||
    (pieces.length >= 3 && pieces.every((p) => !p.some(says) || endsOnNoun(p)))
  );
}

const isWord = (t: Token) => !/^[\p{P}\p{S}]+$/u.test(t.text);
const isContent = (t: Token) => !t.stop && t.pos !== "NUM" && !isNegation(t) && isWord(t);

/**
 * A piece of a spaced language that says something of a term: a verb after its subject ("Величина спроса
 * уменьшается", "the price rises"), three words or more; a keyword list names terms, at most a verb alone
 * ("hold and wait", "recording").
 */
function isClause(piece: Token[]): boolean {
  const words = piece.filter(isWord);
  if (words.length < 3) return false;
  const subject = words.findIndex((t) => isContent(t) && (t.pos === "NOUN" || t.pos === "PROPN"));
  return subject >= 0 && words.slice(subject + 1).some((t) => t.pos === "VERB");
}

/**
 * A noun phrase of a spaced language that joins its terms with function words ("une inflation de 2 % à moyen
 * terme", "the parallel axiom and the axioms of continuity"): an answer in a phrase, not a list of terms, which
 * leaves the articles and prepositions out. Four words or more, two function words, one between content words.
 */
function isPhrase(piece: Token[]): boolean {
  const words = piece.filter(isWord);
  if (words.length < 4) return false;
  const functionWords = words.filter((t) => t.stop && t.pos !== "NUM" && !isNegation(t));
  if (functionWords.length < 2) return false;
  return words.some(
    (t, i) =>
      functionWords.includes(t) && words.slice(0, i).some(isContent) && words.slice(i + 1).some(isContent),
  );
}

const SENTENCE_END = /[.!?。！？\n]+/u;

/**
 * How rare each word is in the section the question was asked from (inverse frequency over its sentences):
 * a word of every sentence ("исследовательский проект" in a syllabus, "函数" in a calculus note) tells little
 * about which point an answer states, and an answer from another section of the same document shares it too.
 */
function contextRarity(context: string, lang: string): (key: string) => number {
  const sentences = context
    .split(SENTENCE_END)
    .filter((x) => x.trim())
    .slice(0, 80);
  if (sentences.length < 6) return () => 1;
  const df = new Map<string, number>();
  for (const sentence of sentences) {
    const r = read(sentence, lang);
    for (const key of new Set([...r.terms, ...r.pairs].map((t) => t.key)))
      df.set(key, (df.get(key) ?? 0) + 1);
  }
  const n = sentences.length;
  const top = Math.log((n + 1) / 2);
  return (key) => Math.min(1, Math.max(0.3, Math.log((n + 1) / ((df.get(key) ?? 0) + 1)) / top));
}

/** How an answer stands to each key point: the share of the point it states, and whether it contradicts it. */
export interface PointReading {
  point: string;
  coverage: number;
  /** The share of what only this point says (beside the question and the other points) that the answer states. */
  distinctive: number;
  /** The answer leaves out a direction or an extreme ("减少", "decreases") that only this point states. */
  directionMissed: boolean;
  /** A clause of the answer restates this point better than any other (it holds the largest share of its words). */
  ownClause: boolean;
  /** The answer holds a single word of a point that has three or more. */
  thin: boolean;
  contradicted: boolean;
  /** The point's number or formula stated as another one ("O(n)" for "O(n log n)", "1748" for "1648"). */
  wrongFact: boolean;
  /** The point's words (keys) the answer does not state. */
  missing: string[];
}

/** The language the key points are written in (the source's, whatever the output language). */
const gradingLanguage = (question: GradeRequest["question"], outputLanguage: string) =>
  proseLanguage([...question.keyPoints, question.context.slice(0, 500)], outputLanguage);

/**
 * Reads an answer against the key points (see `offlineGrade`): per point, the weighted share of its terms,
 * numbers and formulas the answer states with the same polarity, and whether it states the point negated or
 * with another number or formula; and whether the answer is a bare keyword list.
 */
export function readAnswer(
  question: GradeRequest["question"],
  answer: string,
  outputLanguage: string,
): { points: PointReading[]; keywordList: boolean; relevance: number } {
  const points = question.keyPoints.filter((p) => p.trim());
  const lang = gradingLanguage(question, outputLanguage);
  const readings = points.map((p) => read(p, lang));
  const asked = new Set(
    [...read(question.question, lang).terms, ...read(question.question, lang).pairs].map((t) => t.key),
  );
  const rarity = contextRarity(question.context, lang);
  const said = read(answer, lang);
  const answerReading: Reading = { ...said, terms: [...said.terms], pairs: [...said.pairs] };

  // a name the texts define stands for its other name too
  const has = (t: Term) => answerReading.terms.some((x) => x.key === t.key);
  for (const [a, b] of definedSynonyms([question.context, question.question, ...points, answer])) {
    const [ra, rb] = [read(a, lang), read(b, lang)];
    for (const [from, to] of [
      [ra, rb],
      [rb, ra],
    ] as const) {
      if (from.terms.length === 0 || !from.terms.every(has)) continue;
      const negated = answerReading.terms.find((x) => x.key === from.terms[0]!.key)!.negated;
      answerReading.terms.push(...to.terms.map((t) => ({ ...t, negated })));
      answerReading.pairs.push(...to.pairs.map((t) => ({ ...t, negated })));
    }
  }

  // an English verb, adjective or adverb stands for the other words of its first WordNet sense ("replies" states
  // "answers" and "responds"), and a point's word is stated by a word of its own first sense
  if (lang === "en") {
    const stem = (w: string) => stemmerFor("en")?.stem(w) ?? w;
    // a phrase of WordNet ("by_hand", "give_off") by its content words
    const keysOf = (w: string) =>
      w.includes("_") ? w.split("_").flatMap((p) => (isFunctionWord(p, "en") ? [] : [stem(p)])) : [stem(w)];
    // two words that WordNet holds as one phrase ("by hand", "gives off"): its synonyms, by part of speech
    const phraseSynonyms = (a: Token, b: Token) => {
      const phrase = `${a.norm}_${b.text.toLowerCase()}`;
      return { phrase, synonyms: ["VERB", "ADV", "ADJ"].flatMap((pos) => englishSynonyms(phrase, pos)) };
    };
    const pairs = (tokens: Token[]) => tokens.slice(1).map((b, i) => [tokens[i]!, b] as const);
    const bySynonym = new Map<string, string>();
    for (const r of readings) {
      for (const t of r.tokens) {
        const key = contentKey(t, lang);
        if (key && !polarKey(t.text, lang))
          for (const w of englishSynonyms(t.norm, t.pos)) bySynonym.set(w.includes("_") ? w : stem(w), key);
      }
      // a point's phrase is stated by a word of its sense ("manually" for "by hand")
      for (const [a, b] of pairs(r.tokens)) {
        const key = contentKey(b, lang) ?? contentKey(a, lang);
        if (!key || polarKey(a.text, lang) || polarKey(b.text, lang)) continue;
        for (const w of phraseSynonyms(a, b).synonyms) if (!w.includes("_")) bySynonym.set(stem(w), key);
      }
    }
    for (const t of said.tokens) {
      const key = contentKey(t, lang);
      const term = key && !polarKey(t.text, lang) && said.terms.find((x) => x.start === t.start);
      if (!key || !term) continue;
      const keys = new Set(englishSynonyms(t.norm, t.pos).flatMap(keysOf));
      const point = bySynonym.get(key);
      if (point) keys.add(point);
      for (const k of keys) if (k !== key) answerReading.terms.push({ ...term, key: k });
    }
    // an answer's phrase states a point's word of its sense ("gives off" for "emits")
    for (const [a, b] of pairs(said.tokens)) {
      const term = said.terms.find((x) => x.start === b.start) ?? said.terms.find((x) => x.start === a.start);
      if (!term || polarKey(a.text, lang) || polarKey(b.text, lang)) continue;
      const { phrase, synonyms } = phraseSynonyms(a, b);
      const keys = new Set(synonyms.flatMap(keysOf));
      const point = bySynonym.get(phrase);
      if (point) keys.add(point);
      for (const k of keys) if (k !== term.key) answerReading.terms.push({ ...term, key: k });
    }
  }

  // a word of the answer that shares a meaning with a point's word in the language's synonym resource states it
  // ("値段" for "価格", "儲け" for "利益", "減少" for "減る"; a resource's group holds no antonyms)
  {
    const byMeaning = new Map<number, Set<string>>();
    for (const r of readings)
      for (const t of r.tokens) {
        // the point's term as it is matched (a direction word by its side of the pair)
        const key = contentKey(t, lang) && r.terms.find((x) => x.start === t.start)?.key;
        if (!key) continue;
        for (const id of senseIds(t.norm, lang)) {
          const keys = byMeaning.get(id) ?? new Set<string>();
          keys.add(key);
          byMeaning.set(id, keys);
        }
      }
    if (byMeaning.size > 0)
      for (const t of said.tokens) {
        const term = contentKey(t, lang) && said.terms.find((x) => x.start === t.start);
        if (!term) continue;
        const key = term.key;
        const keys = new Set(senseIds(t.norm, lang).flatMap((id) => [...(byMeaning.get(id) ?? [])]));
        for (const k of keys) if (k !== key) answerReading.terms.push({ ...term, key: k });
      }
  }

  // a Chinese or Japanese word shortened from two of a point's words ("耗能" for "消耗…能量", "降压" for "降低血压"):
  // its first character from one word, the rest from one of the three words before or after it in the point
  if (CJK.test(answer)) {
    for (const term of said.terms) {
      const chars = [...term.key];
      if (!CJK.test(term.key) || chars.length < 2 || chars.length > 4) continue;
      for (const r of readings) {
        if (r.terms.some((t) => t.key === term.key)) continue;
        // the point's words as written, each with its key (a direction word's is its side of the pair)
        const words = r.tokens.flatMap((t) => {
          const key = CJK.test(t.text) ? r.terms.find((x) => x.start === t.start)?.key : undefined;
          return key ? [{ text: t.text, key }] : [];
        });
        words.forEach((first, k) => {
          if (!first.text.includes(chars[0]!)) return;
          const second = words
            .slice(Math.max(0, k - 3), k + 4)
            .find((t) => t.key !== first.key && chars.slice(1).every((c) => t.text.includes(c)));
          if (!second) return;
          answerReading.terms.push({ ...term, key: first.key }, { ...term, key: second.key });
        });
      }
    }
  }

  // German, Dutch and Scandinavian compounds: an answer's compound ending in a point's word states it
  // ("Zellmembran" states "Membran"), and a point's compound is stated by its parts ("Membran der Zelle" for
  // "Zellmembran", "Speicher für die Arbeit" for "Arbeitsspeicher", the linking "s" / "n" / "en" / "es" / "e" put by)
  if (COMPOUNDING.has(lang)) {
    // by the words as written: a stem cuts a compound's head short ("Zellkern" → "zellk")
    const near = (a: string, b: string) =>
      a.length >= 4 &&
      b.length >= 4 &&
      (a === b || ((a.startsWith(b) || b.startsWith(a)) && Math.abs(a.length - b.length) <= 2));
    const latin = said.tokens.flatMap((t) => {
      const term = said.terms.find((x) => x.start === t.start);
      return term && /^\p{Script=Latin}+$/u.test(t.text) ? [{ word: t.text.toLowerCase(), term }] : [];
    });
    for (const r of readings)
      for (const t of r.tokens) {
        const key = r.terms.find((x) => x.start === t.start)?.key;
        const word = t.text.toLowerCase();
        if (!key || !/^\p{Script=Latin}{4,}$/u.test(word) || latin.some((a) => a.term.key === key)) continue;
        const compound = latin.find((a) => a.word.length >= word.length + 3 && a.word.endsWith(word));
        if (compound) {
          answerReading.terms.push({ ...compound.term, key });
          continue;
        }
        for (let i = 4; i + 4 <= word.length; i++) {
          const rest = word.slice(i);
          const modifier = latin.find(
            (a) => near(a.term.key, word.slice(0, i)) || near(a.word, word.slice(0, i)),
          );
          const head = latin.find(
            (a) =>
              a !== modifier &&
              [rest, rest.replace(/^(?:es|en|s|n|e)/u, "")].some(
                (h) => near(a.term.key, h) || near(a.word, h),
              ),
          );
          if (modifier && head) {
            answerReading.terms.push({ ...head.term, key });
            break;
          }
        }
      }
  }

  const spreadOf = (keysOf: (r: Reading) => (string | number)[]) => {
    const spread = new Map<string, number>();
    for (const r of readings)
      for (const key of new Set(keysOf(r).map(String))) spread.set(key, (spread.get(key) ?? 0) + 1);
    return spread;
  };
  const termSpread = spreadOf((r) => r.terms.map((t) => t.key));
  // the terms of the passage: what an answer may put in a point's place
  const passage = new Set(
    [question.context, question.question, ...points].flatMap((text) =>
      read(text, lang).tokens.flatMap((t) => contentKey(t, lang) ?? []),
    ),
  );
  const pairSpread = spreadOf((r) => r.pairs.map((t) => t.key));
  const numberSpread = spreadOf((r) => r.numbers.map((q) => q.value));

  // a list's "不相交" or "non-linear" is a term, not a statement made negative
  // (when the reference itself is a list, as on many slides, a list answers it in kind)
  const referenceText = points.join("\n");
  const keywordList =
    isKeywordList(answer, said, lang) && !isKeywordList(referenceText, read(referenceText, lang), lang);
  // the point each clause of the answer restates best (by the share of the point's words it holds): a point
  // stated in other words is the best reading of a clause of its own, not only words shared with another point's
  const clauseSpans: { start: number; end: number }[] = [];
  let clauseFrom = 0;
  for (const m of [...answer.matchAll(CLAUSE_END), { index: answer.length, 0: "" }]) {
    if (m.index! > clauseFrom) clauseSpans.push({ start: clauseFrom, end: m.index! });
    clauseFrom = m.index! + m[0].length;
  }
  const pointKeySets = readings.map((r) => new Set(r.terms.map((t) => t.key)));
  const restated = new Set<number>();
  for (const span of clauseSpans) {
    const keys = new Set(
      answerReading.terms.filter((t) => t.start >= span.start && t.start < span.end).map((t) => t.key),
    );
    const shares = pointKeySets.map(
      (set) => [...set].filter((k) => keys.has(k)).length / Math.max(1, set.size),
    );
    const top = Math.max(...shares);
    if (top > 0) shares.forEach((v, k) => v === top && restated.add(k));
  }
  const out = readings.map((point, i): PointReading => {
    const byTerms = matchTerms(
      point.terms,
      answerReading.terms,
      asked,
      termSpread,
      rarity,
      !keywordList,
      passage,
      lang,
    );
    const byPairs = matchTerms(point.pairs, answerReading.pairs, asked, pairSpread, rarity, !keywordList);
    const share = (m: typeof byTerms) => (m.weight > 0 ? m.held / m.weight : 0);
    const best = byPairs.weight > 0 && share(byPairs) > share(byTerms) ? byPairs : byTerms;
    let { weight, held, own, ownHeld, keys, heldKeys } = best;
    const { strongest, directionMissed } = best;
    const contradictedTerms =
      best.opposite > 0 && best.opposite >= CONTRADICTED_AT * (best.held + best.opposite);
    // a number or a formula weighs like two terms: it is what such a point is about
    const unit = Math.max(1, weight / Math.max(1, point.terms.length));
    let wrongFact = false;
    let falseFigure = false;
    const ownNumbers = Object.fromEntries(
      point.numbers.filter((q) => numberSpread.get(String(q.value)) === 1).map((q) => [q.value, true]),
    );
    for (const q of point.numbers) {
      // a single digit is often a label or a count ("性质1", "two cases"): it weighs as one word
      const w =
        ((Number.isInteger(q.value) && q.value < 10 ? 1 : 2) * unit) / numberSpread.get(String(q.value))!;
      weight += w;
      const sameUnit = answerReading.numbers.filter((a) => q.unit && a.unit === q.unit);
      // with its unit when the answer counts the same thing, else anywhere
      const stated = (sameUnit.length > 0 ? sameUnit : answerReading.numbers).some(
        (a) => a.value === q.value,
      );
      if (q.value in ownNumbers) own += w;
      keys++;
      if (stated) {
        held += w;
        heldKeys++;
        if (q.value in ownNumbers) ownHeld += w;
      } else if (
        sameUnit.length > 0 ||
        answerReading.numbers.some((a) => !point.numbers.some((b) => b.value === a.value))
      ) {
        wrongFact = true;
        // another figure for the same thing, or one no point states (not another point's figure said beside it)
        if (sameUnit.length > 0 || answerReading.numbers.some((a) => !numberSpread.has(String(a.value))))
          falseFigure = true;
      }
    }
    for (const f of point.formulas) {
      weight += 2 * unit;
      const same = answerReading.formulas.filter((g) => g.lhs === f.lhs);
      own += 2 * unit;
      keys++;
      // the same right-hand side, or one that goes on with what the other leaves to the words after it
      if (
        same.some(
          (g) =>
            g.rhs === f.rhs ||
            (Math.min(g.rhs.length, f.rhs.length) >= 2 &&
              (g.rhs.startsWith(f.rhs) || f.rhs.startsWith(g.rhs))),
        )
      ) {
        held += 2 * unit;
        ownHeld += 2 * unit;
        heldKeys++;
      } else if (same.length > 0) wrongFact = falseFigure = true;
    }
    // the point's relation stated the other way round: "the seasons cause the tilt", "铁的电阻率比铜小"
    const swapped = swapsRoles(
      { text: points[i]!, tokens: point.tokens },
      { text: answer, tokens: said.tokens },
      lang,
      (t) => contentKey(t, lang),
    );
    return {
      point: points[i]!,
      coverage: weight > 0 ? held / weight : 0,
      distinctive: own > 0 ? ownHeld / own : 1,
      directionMissed,
      ownClause: restated.has(i),
      // one shared word is chance, not a point stated ("performance" in a book title), unless it is a rare
      // term and the point has one other word ("in the chloroplasts")
      // (the question's words, which an answer need not repeat, not counted: "it happens in the chloroplasts")
      thin: heldKeys < 2 && (keys - best.askedKeys >= 3 || (keys - best.askedKeys === 2 && strongest < 1)),
      wrongFact: falseFigure,
      missing: best.missing,
      contradicted:
        wrongFact ||
        contradictedTerms ||
        swapped ||
        exchangesRoles(
          { text: points[i]!, tokens: point.tokens },
          { text: answer, tokens: said.tokens },
          lang,
          (t) => contentKey(t, lang),
          // a verb of a polar pair by its pair: "растёт" and "снижается" both change an amount
          (t) => polarKey(t.text, lang)?.replace(/\.\d$/u, "") ?? t.norm,
        ) ||
        (!keywordList &&
          replacesTerm(
            { text: points[i]!, tokens: point.tokens },
            { text: answer, tokens: said.tokens },
            passage,
            (t) => contentKey(t, lang),
            readings.flatMap((r, k) => (k === i ? [] : [{ text: points[k]!, tokens: r.tokens }])),
          )) ||
        statesOppositeBeside(
          { text: points[i]!, tokens: point.tokens },
          { text: answer, tokens: said.tokens },
          lang,
          (t) => contentKey(t, lang),
        ) ||
        statesOpposite(
          readings.map((r, k) => ({ text: points[k]!, tokens: r.tokens })),
          i,
          { text: answer, tokens: said.tokens },
          lang,
          (t) => contentKey(t, lang),
        ),
    };
  });
  // how much of the answer is about the key points at all: an answer taken from elsewhere in the document
  // shares a few of their words among many of its own
  const pointKeys = new Set(
    [...readings, read(question.question, lang)].flatMap((r) => [...r.terms, ...r.pairs].map((t) => t.key)),
  );
  const own = (terms: Term[]) => new Set(terms.map((t) => t.key));
  const answerKeys = own(CJK.test(answer) ? said.pairs : said.terms);
  const relevance =
    answerKeys.size === 0 ? 1 : [...answerKeys].filter((k) => pointKeys.has(k)).length / answerKeys.size;
  return { points: out, keywordList, relevance };
}

/**
 * Grades a free-text answer without a model, by the reference's key points. Each point is read into its terms
 * (lemmas or stems; Chinese and Japanese segmented, and also as character pairs), numbers and formulas; a point
 * is found when the answer states enough of its weighted terms with the same polarity (words the question gives
 * count half, words several points share less, synonyms the texts define — "support vector machine (SVM)" —
 * count as the same word). A point stated negated ("not", "不", "ない", "ne … pas", "не"), with another number
 * or a formula with another right-hand side is contradicted and earns nothing. Only found points score; a
 * keyword list without a sentence earns at most partial credit; an answer that finds no point scores 0.
 */
export function offlineGrade(req: GradeRequest): GradeOutcome {
  const labels = quizLabelsFor(req.outputLanguage);
  const points = req.question.keyPoints.filter((p) => p.trim());
  const answer = req.answer.trim();
  if (!answer || points.length === 0) {
    return { score: 0, found: [], missed: points, reason: labels.gradeEmpty, gradedBy: "offline" };
  }
  const { points: readings, keywordList, relevance } = readAnswer(req.question, answer, req.outputLanguage);
  // a list names concepts without saying anything of them: a point counts once its words are named
  const foundAt = keywordList ? LIST_FOUND_AT : FOUND_AT;
  const found: string[] = [];
  const missed: string[] = [];
  let total = 0;
  for (const { point, coverage, distinctive, directionMissed, ownClause, thin, contradicted } of readings) {
    const isFound =
      !contradicted &&
      !thin &&
      coverage >= foundAt &&
      (distinctive >= DISTINCTIVE_AT || (coverage >= MOSTLY_AT && !directionMissed && ownClause));
    (isFound ? found : missed).push(point);
    if (isFound) total += Math.min(1, coverage / FULL_AT);
  }
  let score = total / points.length;
  if (keywordList) score = Math.min(score, LIST_CAP);
  // a point's number or formula stated as another is a wrong answer, whatever else it gets right: a teacher does
  // not give half marks for "quicksort always runs in O(n)"
  if (readings.some((r) => r.wrongFact)) score = Math.min(score, WRONG_FACT_CAP);
  // an answer mostly about something else earns in proportion to the share that is about the points
  if (relevance < RELEVANT_AT) score *= (relevance / RELEVANT_AT) ** 2;
  score = Math.round(score * 100) / 100;
  return agreeWithPoints(
    {
      score,
      found,
      missed,
      reason: labels.gradeCoverage(found.length, points.length, score >= QUIZ_PASS_SCORE),
      gradedBy: "offline",
    },
    points.length,
  );
}

/**
 * `offlineGrade` once the NLP models of the key points' language are loaded: Japanese morphology (kuromoji)
 * loads asynchronously on first use, and until then words are cut by ICU, which grades less well.
 */
export async function offlineGradeWhenReady(req: GradeRequest): Promise<GradeOutcome> {
  await nlpReady(gradingLanguage(req.question, req.outputLanguage));
  return offlineGrade(req);
}
