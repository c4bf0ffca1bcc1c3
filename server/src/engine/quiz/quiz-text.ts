import { normaliseForMatch } from "../note-material";
import { isStopword } from "../stopwords";
import { hasCjk, words } from "../text";
import { russianMorph } from "../nlp/russian";

/** The writing system of a term, so that a distractor looks like the answer (Han beside Han, Latin beside Latin). */
export function scriptOf(text: string): "cjk" | "hangul" | "cyrillic" | "greek" | "latin" | "other" {
  if (hasCjk(text)) return "cjk";
  if (/\p{Script=Hangul}/u.test(text)) return "hangul";
  if (/\p{Script=Cyrillic}/u.test(text)) return "cyrillic";
  if (/\p{Script=Greek}/u.test(text)) return "greek";
  if (/\p{Script=Latin}/u.test(text)) return "latin";
  return "other";
}

/** Length in characters (code points). */
export const charLength = (text: string) => [...text].length;

/**
 * A word reduced to what survives inflection in the alphabetic scripts: the first six letters of a long word
 * ("retrieval", "retrieving" → "retrie"), a plural -s dropped. CJK words are kept whole.
 */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (hasCjk(w)) return w;
  if (w.length >= 7) return w.slice(0, 6);
  if (w.length >= 4 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** Characters that join Chinese and Japanese words rather than carry a topic: they split a run of CJK text. */
const CJK_FUNCTION =
  /[的了是在和与及或也就都而被把对从以为这那其之中上下等如若则即但不有个所并将由于该此每各我你他她它们吗呢吧啊のにはをがでてとしもなかへやからまでよりこそ]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;

/**
 * Content words of a text (function words, numbers and punctuation left out), stemmed and unique. Chinese and
 * Japanese are taken as character pairs of their runs between function characters ("最小闭集" → 最小, 小闭,
 * 闭集), which matches whatever way a dictionary would segment them.
 */
export function contentStems(text: string, locale: string): string[] {
  const out = new Set<string>();
  let rest = text;
  if (hasCjk(text)) {
    for (const m of text.matchAll(CJK_RUN)) {
      for (const run of m[0].split(CJK_FUNCTION)) {
        const chars = [...run];
        if (chars.length === 1 && !CJK_FUNCTION.test(run)) continue;
        for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
      }
    }
    rest = text.replace(CJK_RUN, " ");
  }
  for (const w of words(rest, locale)) {
    if (isStopword(w) || /^[\p{N}\p{P}]+$/u.test(w)) continue;
    if (!hasCjk(w) && w.length < 2) continue;
    out.add(stem(w));
  }
  return [...out];
}

/** Share of the shorter text's content words found in the other (0 when either has none). */
export function wordOverlap(a: string, b: string, locale: string): number {
  const sa = contentStems(a, locale);
  const sb = new Set(contentStems(b, locale));
  if (sa.length === 0 || sb.size === 0) return 0;
  const shorter = sa.length <= sb.size ? sa : [...sb];
  const longer = sa.length <= sb.size ? sb : new Set(sa);
  return shorter.filter((w) => longer.has(w)).length / shorter.length;
}

/** Same text once case, spaces and punctuation are ignored, or one holding the other (both long enough). */
export function sameOrContains(a: string, b: string): boolean {
  const na = normaliseForMatch(a);
  const nb = normaliseForMatch(b);
  if (!na || !nb) return na === nb;
  if (na === nb) return true;
  const [short, long] = na.length <= nb.length ? [na, nb] : [nb, na];
  return short.length >= 3 && long.includes(short);
}

/** A small deterministic random generator (mulberry32) seeded from a string. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in a random order. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The key that tells whether two questions ask the same thing (type and wording). */
export const questionKey = (type: string, question: string) => `${type}:${normaliseForMatch(question)}`;

/**
 * The lecturer or the authors talking to the reader rather than stating the subject: an evaluative or
 * organising opener ("好消息是…", "下面我们…", "Let us …", "Note that …", "では…"), the speakers' plan ("我们介绍定理：",
 * "we will show"), or the text's own scope ("in this work", "本节").
 */
const DISCOURSE_OPENER =
  /^(?:好消息|坏消息|有趣的是|值得注意的是|需要注意的是|注意[，,：:]|下面|接下来|现在|然后|接着|首先我们|最后我们|我们(?:来|先|再|接着|介绍|讨论|看|考虑|需要|不需要|知道|发现|可以看到|得到|已经|要)|我们.{1,2}(?:需要|要|来|用)|咱们|let['’]s\b|let us\b|now we\b|we (?:will|shall|now|first|next|then|focus|consider|discuss|present|introduce|describe|show|see|note|recall)\b|note that\b|recall that\b|remember that\b|as (?:we|you) (?:can )?see\b|the good news\b|the bad news\b|では|次に|さて|ここで|まず|私たちは|われわれは|nous (?:allons|avons vu|verrons|présentons)\b|rappelons\b|notons\b|voyons\b)/iu;
const DISCOURSE_ANYWHERE =
  /\bin this (?:work|paper|section|chapter|article|lecture|talk)\b|\bgood news\b|\bbad news\b|好消息|坏消息|本(?:节|章|文|讲|课)|この(?:節|章|講義)|dans (?:ce|cet) (?:article|chapitre|travail|cours)/iu;
/**
 * A label that opens an example or exercise after a sentence ("…进一步化简。 example：(1)…", "… e.g.: …"):
 * two texts glued into one.
 */
const GLUED_LABEL =
  /(?:^|[.。!?！？;；]\s*)(?:examples?|exercises?|solution|proof|例题?|练习|习题|解|证明|例|演習|問題|exemple|exercice|пример)\s*\d*\s*[:：]/iu;
/**
 * A heading run into the sentence under it, as a line break lost in parsing leaves it ("Selection of positive
 * passages Because only pairs …"): a capitalised phrase of a few words, then, with no punctuation, a
 * sentence-opening word with its capital.
 */
const GLUED_HEADING =
  /^\p{Lu}[\p{L}\p{N}-]*(?:\s+[\p{L}\p{N}-]+){0,7}?\s+\p{Ll}[\p{L}-]*\s+(?:Because|The|In|We|This|These|Since|For|As|When|If|Although|While|Our|It|Unlike|Given|After|Before|Here|Thus|However)\s+\p{Ll}/u;
/** A personal pronoun opening the sentence: its subject is in the sentence before ("她等于…", "He proved …"). */
const PRONOUN_OPENER =
  /^(?:她|他|它|他们|她们|它们|彼は|彼女は|(?:he|she|they|it|its|their|his|her)\b|(?:il|elle|ils|elles)\b)/iu;
/**
 * A piece of a sentence cut from its subject: it opens with a conjunction, a copula or a naming verb
 * ("且$b$有可能是奇点…", "是0为原函数一阶极点。", "称作虚宗量…", "and then …"), or, in a cased script, in lower case.
 */
const PIECE_OPENER =
  /^(?:且|并且|而且|而|并|或|但|但是|所以|因此|于是|即|则|就|是|为|称作|称为|叫做|叫作|记作|记为|得到|取|令|代入|(?:and|or|but|so|then|thus|hence|therefore|whereas|which|where)\b|(?:et|ou|mais|donc|alors|puis)\b)|^\p{Ll}/u;

/**
 * Whether a sentence is one statement that stands alone as the document's own: no lecture talk or plan, no
 * example or heading glued to it, no subject left in the sentence before (besides `pointsBack`, the NLP
 * layer's reading of a demonstrative opener). `personal`: a personal pronoun's subject too ("她等于…") — a
 * statement to judge must name it; a key point of a narrative may leave it to the question.
 */
export function selfContained(text: string, pointsBack: boolean, personal = true): boolean {
  const t = text.trim();
  return (
    !pointsBack &&
    !DISCOURSE_OPENER.test(t) &&
    !DISCOURSE_ANYWHERE.test(t) &&
    !GLUED_LABEL.test(t) &&
    !GLUED_HEADING.test(t) &&
    !(personal && PRONOUN_OPENER.test(t)) &&
    !PIECE_OPENER.test(t)
  );
}

/** First-person plural pronouns, a closed class: the lecturer and the audience as the sentence's actors. */
const WE = new Set([
  "we",
  "us",
  "our",
  "ours",
  "let's",
  "let’s",
  "我们",
  "咱们",
  "我們",
  "私たち",
  "我々",
  "われわれ",
  "мы",
  "нам",
  "нас",
  "нами",
  "наш",
  "наша",
  "наше",
  "наши",
  "nous",
  "wir",
  "uns",
  "unser",
  "unsere",
  "nosotros",
  "nosotras",
]);
/** A clause opening on an instruction to the reader, as exercises are worded ("求…", "试证…", "计算…"). */
const CJK_EXERCISE = /(?:^|[，,：:；;。])\s*(?:试求|试证|求出|求解|求(?![和得导积]))/u;
/** An exercise or example label, numbered: the statement of a problem, not a claim ("示例1：", "Example 2:"). */
const EXERCISE_LABEL =
  /^(?:示例|例题?|习题|练习|问题|題|問題?|例|exercise|example|problem|task|exemple|exercice|problème|aufgabe|beispiel|ejemplo|ejercicio|задача|пример|упражнение)\s*\d+(?:\.\d+)*\s*[:：.、]/iu;

/** Marks that open a numbered exercise part: points in brackets, a part letter or number, a one-word label. */
const ITEM_MARKS =
  /^\s*(?:\[\d{1,3}\]\s*)?(?:\(?(?:[a-h]|\d{1,2}|[ivx]{1,4})[.)]\s+)?(?:\p{Lu}(?:\p{Ll}+|\p{Lu}+):\s+)?/u;

/**
 * Whether a sentence narrates or instructs instead of stating the subject (as `tokens`, the NLP layer's
 * reading in `lang`, tell): "we"/"我们"/"мы" as actors ("最后一步我们把积分和取极限互换了位置…"), a clause that
 * instructs the reader (an imperative opener "Turn off skype …", "Найдите …"; "…，求…电势"), or a numbered
 * exercise. A definition worded with "we" ("我们称…为…", "we call …") still states a term: `defines` says so.
 */
export function narratesOrInstructs(
  text: string,
  lang: string,
  tokens: readonly { text: string; norm: string; start?: number; pos?: string; tag?: string }[],
  defines: boolean,
): boolean {
  const t = text.trim();
  if (EXERCISE_LABEL.test(t)) return true;
  if (hasCjk(t) && CJK_EXERCISE.test(t)) return true;
  // an exercise's marks before its instruction: "[25] c. Provide …", "(b) Show …", "HINT: Read …"
  const marks = ITEM_MARKS.exec(text)?.[0].length ?? 0;
  const first = tokens.find((x) => (x.start ?? marks) >= marks);
  if (first && first.pos === "VERB" && /^\p{Lu}/u.test(first.text)) {
    // an imperative: the verb's base form opens the sentence ("Find …", "Turn off …"; Russian "-ите/-йте")
    if (lang === "en" && first.norm === first.text.toLowerCase() && !/(?:ing|ed|s)$/i.test(first.text))
      return true;
    if (lang === "ru" && /(?:ите|йте)$/iu.test(first.text)) return true;
  }
  if (defines) return false;
  return tokens.some((x) => WE.has(x.text.toLowerCase()));
}

/**
 * Whether the words at `at` (`length` characters) of a sentence read as a noun phrase there, as `tokens` (the
 * NLP layer's reading of the whole sentence) tell: the last word a noun or name, none a verb, adjective or
 * adverb ("по должны", "a performance of temporal" do not; a gerund names a process). True where no
 * tagger read the words.
 */
export function readsAsNoun(
  tokens: readonly { text: string; start: number; end: number; pos?: string }[],
  at: number,
  length: number,
): boolean {
  const span = tokens.filter((t) => t.start < at + length && t.end > at);
  const last = span.at(-1);
  if (!last || last.pos === undefined) return true;
  const nominal = (t: { text: string; pos?: string }) =>
    t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "X" || /ing$/i.test(t.text);
  if (!nominal(last)) return false;
  return !span.some((t) => t.pos === "VERB" && !/ing$/i.test(t.text));
}

const QUESTION_MARK_END = /[?？]\s*[)）"”」』»]*\s*$|[吗呢]\s*$/u;
/**
 * A clause that opens on an interrogative, at the start or after a label ("小补充：什么是齐次边界条件…。",
 * "Why does the membrane stay fluid."): a question, whatever its final mark.
 */
const INTERROGATIVE_OPENER =
  /(?:^|[：:]\s*)(?:什么是|为什么|为何|如何|怎样|怎么|哪些|哪个|なぜ|どのように|(?:what|why|how|which|who|where|when)\s+(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have)\b|что такое|почему|зачем|pourquoi|qu['’]est-ce que|warum|wieso|por qué|¿)/iu;

/** Whether a sentence asks rather than states: a question mark or particle at its end, or an interrogative opener. */
export function asksQuestion(text: string): boolean {
  const t = text.trim();
  return QUESTION_MARK_END.test(t) || INTERROGATIVE_OPENER.test(t);
}

/**
 * A title, not a claim: a line in title case without a final stop ("For 17 Randomly Selected Commits",
 * "To a Large Open-Source Project") — every word of four letters or more capitalised, at least three of them.
 */
export function titleLike(text: string): boolean {
  const t = text.trim();
  if (/[.!?。！？]$/u.test(t)) return false;
  const long = t.split(/[\s/]+/).filter((w) => /^\p{L}[\p{L}'’-]{3,}$/u.test(w));
  return long.length >= 3 && long.every((w) => /^\p{Lu}/u.test(w));
}

/** Russian parts of speech that carry a predicate: a finite verb, an infinitive, a short form, a predicative. */
const RUSSIAN_PREDICATE = new Set(["VERB", "INFN", "PRTS", "ADJS", "PRED"]);

/**
 * Whether the tagger's reading (`tokens`, formulas masked) of a text in Russian, French, German or Spanish holds a
 * predicate: a verb (a copula too), a Russian short form or predicative, or a dash standing for "is"
 * ("Информационная система — это …"). "(полное наименование темы проекта)" holds none. Other languages: `verb`,
 * the NLP layer's answer.
 */
export function hasPredicate(
  text: string,
  lang: string,
  tokens: readonly { pos?: string; tag?: string }[],
  verb: () => boolean,
): boolean {
  if (lang === "ru")
    return (
      /\s[—–]\s/u.test(text) ||
      tokens.some((t) => t.pos === "VERB" || (t.tag !== undefined && RUSSIAN_PREDICATE.has(t.tag)))
    );
  if (lang === "fr" || lang === "de" || lang === "es")
    return tokens.some((t) => t.pos === "VERB" || (t.tag !== undefined && /\bVerb\b/.test(t.tag)));
  return verb();
}

/** A numeral and a classifier inside a Chinese phrase ("画成一棵树状图", "三个步骤"): a counted phrase, not a term. */
const NUMERAL_CLASSIFIER = /[一二两三四五六七八九十几每某][个棵种条张类次件位些项步份组块]/u;

/**
 * Whether a Chinese or Japanese phrase, as `tokens` (the NLP layer's reading of it alone) tell, is no concept
 * term: an idiom or set phrase (jieba's "i"/"l": "大大减少"), or a counted phrase with a numeral and classifier.
 */
export function cjkNonTerm(text: string, tokens: readonly { tag?: string }[]): boolean {
  if (!hasCjk(text)) return false;
  return tokens.some((t) => t.tag === "i" || t.tag === "l") || NUMERAL_CLASSIFIER.test(text);
}

/**
 * Whether a Russian swap keeps the sentence's grammar: the heads of `term` and `swap` can be read (by Az,
 * the NLP layer's analyser) in the same case and number, and a singular in the same gender ("проекта" →
 * "документа", not "источники" nor "темы"; `byGender` false: an option replacing a whole phrase, whose gender
 * nothing left in the sentence shows). Other
 * languages: true.
 */
export function agreesInForm(term: string, swap: string, lang: string, byGender = true): boolean {
  if (lang !== "ru") return true;
  const morph = russianMorph();
  // the phrase's head: its first noun, before the genitives that follow it ("упорядоченными парами вершин" is
  // in the instrumental, whatever "вершин" is); else its last word
  const last = (text: string) => {
    const words = text.split(/\s+/);
    return words.find((w) => morph(w).some((p) => p.tag.POST === "NOUN")) ?? words.at(-1) ?? "";
  };
  const forms = (word: string) =>
    new Set(
      morph(word)
        .filter((p) => p.tag.CAse !== undefined)
        // a singular's gender too: an adjective left before the swap agrees with it ("исследовательского темы")
        .map(
          (p) =>
            `${p.tag.CAse}/${p.tag.NMbr ?? ""}/${byGender && p.tag.NMbr === "sing" ? (p.tag.GNdr ?? "") : ""}`,
        ),
    );
  const a = forms(last(term));
  const b = forms(last(swap));
  if (a.size === 0 || b.size === 0) return true;
  return [...a].some((f) => b.has(f));
}
