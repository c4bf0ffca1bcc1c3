/**
 * The kinds of card a tutor writes, read from one sentence (or block) of the note in its own language:
 * definitions, named results, acronyms, causes and purposes, comparisons, number and date facts,
 * enumerations and table facts. Each reader returns null when the sentence is not of its kind.
 */
import { hasCjk } from "../text";
import { inEnglishLexicon, isConceptTerm, type TermSpan } from "../nlp";
import { formulaSpans } from "../formula";

/** A definition's term at the start of a sentence, per language ("X is a …", "X是指…", "XとはYである"). */
const DEFINITION_HEAD: Record<string, RegExp[]> = {
  en: [
    /^(?:(?:An?|The)\s+)?([^,;:()]{2,60}?)\s+(?:is|are)\s+(?:defined as\s+|called\s+|known as\s+)?(?:an?|the|one of the)\s/u,
    /^(?:(?:An?|The)\s+)?([^,;:()]{2,60}?)\s+(?:refers? to|means|denotes|is defined as|describes)\s/u,
  ],
  zh: [/^([^，,。；;：:（(]{2,16}?)(?:是指|指的是|是一种|是一類|是一类|定义为|即为|就是|是)/u],
  ja: [
    /^([^、。，,：:（(]{2,20}?)とは/u,
    /^([^、。，,：:（(]{2,20}?)は、?[^。]*(?:である|をいう|のことである|のこと|を指す)。?$/u,
  ],
  ko: [/^([^,.:(]{2,20}?)(?:이란|란|은|는)\s[^.]*(?:이다|말한다|뜻한다)\.?$/u],
  fr: [
    /^(?:(?:Les?|La|L['’]|Une?)\s*)?([^,;:()]{2,60}?)\s+(?:est|sont)\s+(?:défini(?:e|s|es)? comme\s+|appelée?s?\s+)?(?:une?|la|le|les|l['’]|des)\b/u,
    /^(?:(?:Les?|La|L['’]|Une?)\s*)?([^,;:()]{2,60}?)\s+(?:désigne|signifie|représente)\s/u,
  ],
  de: [
    /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?([^,;:()]{2,60}?)\s+(?:ist|sind|bezeichnet|heißt)\s+(?:ein|eine|der|die|das|einen)\b/u,
  ],
  es: [
    /^(?:(?:El|La|Los|Las|Un|Una)\s+)?([^,;:()]{2,60}?)\s+(?:es|son|se define como)\s+(?:un|una|el|la|los|las)\b/u,
  ],
  pt: [/^(?:(?:O|A|Os|As|Um|Uma)\s+)?([^,;:()]{2,60}?)\s+(?:é|são|se define como)\s+(?:um|uma|o|a|os|as)\b/u],
  ru: [
    /^([^,;:()]{2,60}?)\s+[—–]\s+(?:это\s+)?\p{Ll}/u,
    /^([^,;:()]{2,60}?)\s+(?:называется|называют|является|есть)\s/u,
  ],
};
/** The defined term after the verb ("…称为X。", "…をXと呼ぶ", "on appelle X …"). */
const DEFINITION_TAIL: Record<string, RegExp[]> = {
  en: [/\b(?:is|are) (?:called|known as|termed) (?:an?\s|the\s)?["“]?([^,;.()"”]{2,50}?)["”]?[.,]?$/u],
  zh: [/(?:称为|叫做|被称作|被称为|简称|记为)[“「"《]?([^，,。；;“”「」"》]{2,16}?)[”」"》]?[。；;]?$/u],
  ja: [/を[「『]?([^、。「」『』]{2,20}?)[」』]?と(?:呼ぶ|いう|言う|称する)。?$/u],
  fr: [/^On (?:appelle|nomme)\s+([^,;:()]{2,50}?)\s+(?:une?|la|le|les|l['’])\b/u],
  ru: [/(?:называется|называют)\s+([^,;.()]{2,50}?)[.]?$/u],
  de: [/(?:nennt man|heißt|bezeichnet man als)\s+([^,;.()]{2,50}?)[.]?$/u],
};

function stripArticle(term: string): string {
  return term.replace(/^(?:the|a|an|le|la|les|l['’]|un|une|der|die|das|el|los|las|o|os|as)\s+/iu, "").trim();
}

function shortEnough(term: string): boolean {
  return hasCjk(term) ? [...term].length <= 16 : term.split(/\s+/).length <= 6;
}

/** The term a sentence defines, or null. */
export function definedTerm(sentence: string, lang: string): string | null {
  for (const re of [...(DEFINITION_HEAD[lang] ?? []), ...(DEFINITION_TAIL[lang] ?? [])]) {
    const m = re.exec(sentence);
    const term = m?.[1] ? stripArticle(m[1]).replace(/^[“"«‘'„]+|[”"»’']+$/gu, "") : "";
    // "The result is …" points back at something said before; "A process is …" defines
    if (lang === "en" && /^The\s/u.test(sentence) && !/\s/u.test(term) && inEnglishLexicon(term)) continue;
    if (term && shortEnough(term) && isConceptTerm(term, lang) && !/[\p{N}$]/u.test(term)) return term;
  }
  return null;
}

/** Names of results: "Bayes' theorem", "the central limit theorem", "高斯公式", "теорема Пифагора". */
const NAMED_RESULT: Record<string, RegExp[]> = {
  en: [
    /\b([\p{Lu}][\p{L}'’-]+(?:['’]s?)?\s+(?:[\p{L}-]+\s+){0,2}(?:theorem|lemma|law|principle|formula|equation|inequality|identity|rule|criterion|conjecture|transform|distribution|algorithm)s?)\b/u,
    /\b[Tt]he\s+((?:[\p{Ll}-]{3,}\s+){1,3}(?:theorem|law|principle|inequality|formula|equation|identity))\b/u,
  ],
  fr: [
    /\b((?:théorème|loi|formule|inégalité|principe|lemme|règle|équation)s?\s+(?:de|d['’]|des|du)\s*\p{Lu}[\p{L}-]+(?:[-\s]\p{Lu}[\p{L}-]+)?)/u,
  ],
  de: [
    /\b((?:Satz|Gesetz|Formel|Ungleichung|Prinzip|Lemma|Regel)\s+(?:von|des|der)\s+\p{Lu}[\p{L}-]+)/u,
    /\b(\p{Lu}[\p{L}-]+(?:satz|gesetz|formel|ungleichung|prinzip|gleichung))\b/u,
  ],
  es: [
    /\b((?:teorema|ley|fórmula|desigualdad|principio|lema|regla|ecuación)\s+(?:de|del)\s+\p{Lu}[\p{L}-]+)/u,
  ],
  pt: [
    /\b((?:teorema|lei|fórmula|desigualdade|princípio|lema|regra|equação)\s+(?:de|da|do)\s+\p{Lu}[\p{L}-]+)/u,
  ],
  ru: [
    /((?:[Тт]еорема|[Зз]акон|[Фф]ормула|[Нн]еравенство|[Пп]ринцип|[Лл]емма|[Пп]равило|[Уу]равнение)\s+\p{Lu}[\p{L}-]+(?:\s?[-–—]\s?\p{Lu}[\p{L}-]+)?)/u,
  ],
};
// a demonstrative or ordinal before the name is no name ("this theorem", "该定理", "以下公式", "上述定理")
const NOT_A_NAME =
  /^(?:this|that|these|the following|following|our|each|first|second|next|previous|last|above)\b|^[这该此上下以如其本各每前后那某第一二三]/iu;

const CJK_RESULT = /(?:定理|定律|公式|引理|不等式|法则|原理|准则|判别法|法則|補題)$/u;
/** What follows a result's name when the sentence states it ("Bayes' theorem states …", "留数定理：…"). */
const STATES: Record<string, RegExp> = {
  en: /^\s*(?:[:：]|\((?:[^)]{0,40})\)\s*[:：]|(?:states|says|asserts|shows|gives|holds|guarantees|tells us|implies)\b)/iu,
  zh: /^\s*(?:[:：]|指出|表明|告诉我们|说明|断言|给出)/u,
  ja: /^\s*(?:[:：]|とは|は、|によれば|によると)/u,
  fr: /^\s*(?:[:：]|affirme|énonce|stipule|dit que|établit|montre que)/iu,
  de: /^\s*(?:[:：]|besagt|sagt aus|lautet|zeigt)/iu,
  es: /^\s*(?:[:：]|establece|afirma|dice que|muestra)/iu,
  pt: /^\s*(?:[:：]|afirma|estabelece|diz que|mostra)/iu,
  ru: /^\s*(?:[:：]|[—–]|утверждает|гласит|формулируется|показывает)/iu,
};

/** The name of a theorem, law or formula the sentence states, or null. */
export function namedResult(sentence: string, lang: string, spans: TermSpan[] = []): string | null {
  const cjkNames =
    lang === "zh" || lang === "ja"
      ? spans
          .filter((s) => s.tokens.length >= 2 && CJK_RESULT.test(s.text))
          // a verb before the name is the sentence's ("应用留数定理" → "留数定理")
          .map((s) =>
            s.tokens[0]!.pos === "VERB" && s.tokens.length > 2
              ? s.text.slice(s.tokens[0]!.text.length)
              : s.text,
          )
          .sort((a, b) => b.length - a.length)
      : [];
  // in Chinese and Japanese, a name is a noun phrase of the segmenter's ending in 定理, 公式, …
  const names =
    lang === "zh" || lang === "ja"
      ? cjkNames
      : (NAMED_RESULT[lang] ?? []).map((re) => re.exec(sentence)?.[1]);
  for (const found of names) {
    const name = found?.trim();
    if (!name || NOT_A_NAME.test(name)) continue;
    if (/^(?:The|A|An)\s/u.test(name)) continue;
    // the sentence states the result: it opens with its name, or the name is followed by ":" or "states"
    const at = sentence.indexOf(name);
    const opens = /^(?:the|la|le|l['’]|der|die|das|el|o|a)?$/iu.test(sentence.slice(0, at).trim());
    if (!(STATES[lang]?.test(sentence.slice(at + name.length)) || (opens && !hasCjk(name)))) continue;
    // what is left once the name is taken out must state something
    const rest = [...sentence.replace(name, "")].length;
    if (rest >= (hasCjk(sentence) ? 8 : 25)) return name;
  }
  return null;
}

/** "Full Name (ABC)" or "ABC (Full Name)": an acronym whose letters open the words of its expansion. */
export function acronymPairs(sentence: string, spans: TermSpan[]): { acronym: string; expansion: string }[] {
  const out: { acronym: string; expansion: string }[] = [];
  for (const m of sentence.matchAll(/[(（]\s*([\p{Lu}][\p{Lu}\p{N}&-]{1,9})s?\s*[)）]/gu)) {
    const acronym = m[1]!;
    const before = sentence.slice(0, m.index).trimEnd();
    if (hasCjk(before.slice(-1))) {
      // Chinese or Japanese: the noun phrase right before the parenthesis
      const span = spans
        .filter((s) => s.end === before.length && hasCjk(s.text))
        .sort((a, b) => b.text.length - a.text.length)[0];
      if (span) out.push({ acronym, expansion: span.text });
      continue;
    }
    const words = before.split(/\s+/);
    for (let take = acronym.length; take <= acronym.length + 3 && take <= words.length; take++) {
      const candidate = words.slice(-take);
      if (matchesInitials(acronym, candidate)) {
        out.push({ acronym, expansion: candidate.join(" ").replace(/^[("“]/u, "") });
        break;
      }
    }
  }
  for (const m of sentence.matchAll(/\b([\p{Lu}][\p{Lu}\p{N}&-]{1,9})\s*[(（]([^()（）]{4,80})[)）]/gu)) {
    const words = m[2]!.trim().split(/\s+/);
    if (matchesInitials(m[1]!, words)) out.push({ acronym: m[1]!, expansion: m[2]!.trim() });
  }
  return out;
}

function matchesInitials(acronym: string, words: string[]): boolean {
  const letters = acronym.replace(/[^\p{L}]/gu, "").toLowerCase();
  const initials = words
    .flatMap((w) => w.split("-"))
    .filter((w) => /^\p{L}/u.test(w))
    .map((w) => w[0]!.toLowerCase());
  if (initials.length < 2 || initials[0] !== letters[0]) return false;
  // every letter of the acronym opens a word, in order; small words may be skipped ("Department of Energy")
  let i = 0;
  for (const c of initials) if (c === letters[i]) i++;
  return i === letters.length && initials.length <= letters.length + 3;
}

/** Where a sentence splits into an effect and its cause (or an action and its purpose). */
interface CausalSplit {
  /** The statement the card asks "why?" about. */
  effect: string;
  /** The reason or purpose, with its connective ("because …", "为了…"). */
  cause: string;
}

/** Connectives by language: "after" ones open the cause ("… because X"), "before" ones follow it ("X, so …"). */
const CAUSE_AFTER: Record<string, RegExp> = {
  en: /,?\s+(?=(?:because|since|due to|owing to|as a result of|in order to|so that|so as to)\s)/iu,
  fr: /,?\s+(?=(?:parce qu['’]?e?|car|puisque|en raison d['’]?e?|grâce à|afin de|afin que|pour que)\s?)/iu,
  de: /,?\s+(?=(?:weil|denn|damit|aufgrund|wegen)\s)/iu,
  es: /,?\s+(?=(?:porque|ya que|debido a|para que|gracias a)\s)/iu,
  pt: /,?\s+(?=(?:porque|pois|devido a|para que|graças a)\s)/iu,
  ru: /,?\s+(?=(?:потому что|так как|поскольку|из-за|благодаря|чтобы|для того чтобы)\s)/iu,
  zh: /[，,](?=(?:是因为|这是因为|因为|由于|以便|以免))/u,
};
const CAUSE_BEFORE: Record<string, RegExp> = {
  en: /,?\s+(?:therefore|thus|hence|consequently|which is why|as a result)\s*,?\s+/iu,
  fr: /,?\s+(?:donc|c['’]est pourquoi|par conséquent|ainsi)\s*,?\s+/iu,
  de: /,?\s+(?:deshalb|daher|deswegen|folglich)\s+/iu,
  es: /,?\s+(?:por lo tanto|por eso|por consiguiente)\s*,?\s+/iu,
  pt: /,?\s+(?:portanto|por isso|por conseguinte)\s*,?\s+/iu,
  ru: /,?\s+(?:поэтому|следовательно|вследствие этого)\s+/iu,
  zh: /[，,](?:所以|因此|因而|从而|故而|于是)/u,
  // Japanese puts the reason first: "…ため、…", "…ので、…"
  ja: /(?<=(?:ため|ので|から))、/u,
};
const CAUSE_FIRST: Record<string, RegExp> = {
  en: /^(?:Because|Since)\s+(.+?),\s+(.+)$/u,
  zh: /^(?:因为|由于|为了)(.+?)[，,](?:所以|因此)?(.+)$/u,
  fr: /^(?:Parce que|Comme|Puisque|Afin de|Pour)\s+(.+?),\s+(.+)$/u,
  ru: /^(?:Так как|Поскольку|Потому что|Чтобы|Для того чтобы)\s+(.+?),\s+(.+)$/u,
  de: /^(?:Weil|Da|Damit|Um)\s+(.+?),\s+(.+)$/u,
};

const enough = (text: string) => (hasCjk(text) ? [...text].length >= 4 : text.split(/\s+/).length >= 2);
const endSentence = (text: string, cjk: boolean) => {
  const t = text.trim().replace(/[,，;；:：]$/u, "");
  return /[.!?。！？]$/u.test(t) ? t : t + (cjk ? "。" : ".");
};
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The effect and cause of a causal or purposive sentence, or null. */
export function causalSplit(sentence: string, lang: string): CausalSplit | null {
  const cjk = hasCjk(sentence);
  const first = CAUSE_FIRST[lang]?.exec(sentence);
  if (first && enough(first[1]!) && enough(first[2]!)) {
    const connective = sentence.slice(0, sentence.indexOf(first[1]!)).trim();
    return {
      effect: endSentence(capitalise(first[2]!), cjk),
      cause: endSentence(`${connective}${cjk ? "" : " "}${first[1]}`, cjk),
    };
  }
  const after = CAUSE_AFTER[lang];
  const m = after?.exec(sentence);
  if (m && m.index > 0) {
    const effect = sentence.slice(0, m.index);
    const cause = sentence.slice(m.index + m[0].length);
    if (enough(effect) && enough(cause))
      return { effect: endSentence(effect, cjk), cause: endSentence(capitalise(cause), cjk) };
  }
  const before = CAUSE_BEFORE[lang];
  const b = before?.exec(sentence);
  if (b && b.index > 0) {
    const cause = sentence.slice(0, b.index);
    const effect = sentence.slice(b.index + b[0].length);
    if (enough(effect) && enough(cause))
      return { effect: endSentence(capitalise(effect), cjk), cause: endSentence(cause, cjk) };
  }
  return null;
}

const COMPARISON: Record<string, RegExp> = {
  en: /\b(?:unlike|whereas|in contrast (?:to|with)|compared (?:to|with)|differs? from|as opposed to|(?:more|less|faster|slower|larger|smaller|higher|lower|better|worse)\b[^.]{1,40}\bthan)\b/iu,
  zh: /与.{1,12}(?:不同|相比|相反|的区别|的差别)|相比之下|不同于|区别在于|比.{1,10}(?:更|要)/u,
  ja: /と(?:異なり|違って|違い|比べ|比較して)|に対して|とは異なる/u,
  fr: /\b(?:contrairement à|alors que|tandis que|par rapport à|à la différence de|(?:plus|moins)\s[^.]{1,30}\sque)(?=[\s,.;:]|$)/iu,
  de: /\b(?:im Gegensatz zu|während|verglichen mit|im Vergleich zu|anders als|(?:mehr|weniger|schneller|größer|kleiner|besser)\s[^.]{0,30}\bals)(?=[\s,.;:]|$)/iu,
  es: /\b(?:a diferencia de|mientras que|en comparación con|(?:más|menos)\s[^.]{1,30}\sque)(?=[\s,.;:]|$)/iu,
  pt: /\b(?:ao contrário de|enquanto|em comparação com|(?:mais|menos)\s[^.]{1,30}\sque)(?=[\s,.;:]|$)/iu,
  ru: /(?:в отличие от|по сравнению с|тогда как|в то время как|(?:больше|меньше|быстрее|медленнее|лучше|хуже)\s[^.]{0,30}\s?чем)/iu,
};

/**
 * Whether a text reads as prose: mostly words, not the debris of a formula extracted as text
 * ("∂2v ∂2v + = 0 (1-5)", "R x(1 + x + x2)").
 */
export function isProse(text: string): boolean {
  const visible = text.replace(/\$[^$]*\$/gu, "").replace(/\s+/gu, "");
  if (!visible) return false;
  const cjk = (
    visible.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? []
  ).length;
  const words = (text.match(/[\p{L}]{2,}/gu) ?? [])
    .filter((w) => !/[\p{Script=Han}]/u.test(w))
    .join("").length;
  return (cjk + words) / [...visible].length >= 0.7;
}

/** Whether a sentence compares two things. */
export function comparesThings(sentence: string, lang: string): boolean {
  return COMPARISON[lang]?.test(sentence) ?? false;
}

/**
 * The two things a sentence compares, or null: the one the comparison marker introduces ("unlike X",
 * "与X相比", "faster than X") and the one it is set against (just before the marker, else the next one).
 */
export function comparedPair(sentence: string, lang: string, spans: TermSpan[]): [string, string] | null {
  const m = COMPARISON[lang]?.exec(sentence);
  if (!m) return null;
  const maximal = spans.filter(
    (s) =>
      !spans.some(
        (o) => o !== s && o.start <= s.start && o.end >= s.end && o.end - o.start > s.end - s.start,
      ),
  );
  const end = m.index + m[0].length;
  if (lang === "ja") {
    // "C4植物はC3植物と異なり": the thing compared stands before the marker, the subject before it
    const before = maximal.filter((s) => s.end <= m.index);
    const [subject, compared] = [before.at(-2), before.at(-1)];
    return subject && compared && subject.key !== compared.key ? [subject.text, compared.text] : null;
  }
  // Chinese wraps the thing compared in the marker ("与X相比"); other languages put it after ("unlike X")
  const introduced = hasCjk(m[0])
    ? maximal.find((s) => s.start >= m.index && s.start < end)
    : maximal.find((s) => s.start >= end);
  if (!introduced) return null;
  const before = maximal.filter((s) => s.end <= m.index).at(-1);
  const other = before ?? maximal.find((s) => s.start >= introduced.end && s.key !== introduced.key);
  if (!other || other.key === introduced.key) return null;
  // a span running into the marker's closing word ("AVL树相比") ends before it
  const last = introduced.tokens.at(-1)!;
  const named =
    introduced.end === end && introduced.tokens.length > 1
      ? introduced.text.slice(0, -last.text.length)
      : introduced.text;
  return before ? [other.text, named] : [named, other.text];
}

const UNIT =
  String.raw`%|‰|°C|°F|°|K|kg|g|mg|µg|t|km|m|cm|mm|µm|nm|s|ms|µs|ns|h|min|Hz|kHz|MHz|GHz|W|kW|MW|V|mV|kV|A|mA|J|kJ|N|Pa|kPa|MPa|GPa|mol|L|ml|mL|dB|GB|MB|KB|kB|TB|bits?|bytes?|px|` +
  String.raw`million|billion|thousand|percent|per cent|years?|months?|weeks?|days?|hours?|minutes?|seconds?|times|fold|` +
  String.raw`万|亿|千|百|年|个月|月|天|小时|分钟|秒|倍|次|人|元|米|千米|公里|厘米|毫米|克|千克|公斤|吨|度|岁|种|项|条|位|％|円|回|件|歳|` +
  String.raw`млн|млрд|тыс|лет|года?|раз|км|кг|руб|процент(?:ов|а)?|` +
  String.raw`millions?|milliards?|ans|jours|heures|Mio|Mrd|Jahre|Tage|Stunden|millones|años|días|horas|anos|dias`;
const NUMBER_WITH_UNIT = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(\d{1,3}(?:[ ,.\u202f]\d{3})+|\d+(?:[.,]\d+)?)(\s?(?:${UNIT}))(?![\p{L}\p{N}])`,
  "u",
);
const NUMBER_WITH_CJK_UNIT = new RegExp(String.raw`(\d+(?:\.\d+)?)((?:${UNIT}))`, "u");
const YEAR = /(?<![\p{L}\p{N}.,])((?:1[5-9]|20)\d\d)(?![\p{L}\p{N}])/u;

/** A number with its unit (or a year) a sentence states about something, with where it stands. */
export function numberFact(sentence: string): { value: string; at: number } | null {
  // a reference or a data dump is no fact to learn: author-year citations, runs of numbers
  if (/\(\s*[\p{Lu}][^()]{0,60}\d{4}[a-z]?\s*\)|\bet al\b/u.test(sentence)) return null;
  const numbers = sentence.match(/\d+(?:[.,]\d+)?/gu) ?? [];
  if (numbers.length > 3) return null;
  const spans = formulaSpans(sentence);
  const inFormula = (at: number) => spans.some((s) => at >= s.start && at < s.end);
  for (const re of [NUMBER_WITH_UNIT, NUMBER_WITH_CJK_UNIT, YEAR]) {
    const m = re.exec(sentence);
    if (!m || inFormula(m.index)) continue;
    const value = m[0].trim();
    return { value, at: m.index + m[0].indexOf(value) };
  }
  return null;
}

/**
 * Whether the first row of a table is a header: it is not when its cells have the shape of the data below
 * (a number where the column holds numbers) or are empty; a table of numbers with a text first row is.
 */
export function hasHeaderRow(rows: string[][]): boolean {
  const [head, ...body] = rows;
  if (!head || body.length === 0) return false;
  if (head.every((c) => !c.trim())) return false;
  const numeric = (c: string) => /^[\s$€£¥+-]*\d[\d\s.,:%/-]*[%a-zA-Zµ°]{0,3}$/u.test(c.trim());
  for (let column = 0; column < head.length; column++) {
    const cells = body.map((r) => r[column] ?? "").filter((c) => c.trim());
    if (cells.length === 0) continue;
    const share = cells.filter(numeric).length / cells.length;
    if (share >= 0.6 && numeric(head[column] ?? "")) return false;
  }
  return true;
}
