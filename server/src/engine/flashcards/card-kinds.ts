/**
 * The kinds of card a tutor writes, read from one sentence (or block) of the note in its own language:
 * definitions, named results, acronyms, causes and purposes, comparisons, number and date facts,
 * enumerations and table facts. Each reader returns null when the sentence is not of its kind.
 */
import { describesRatherThanNames, RU_UNDERSTOOD } from "../summarize";
import { hasCjk } from "../text";
import {
  dictionaryForm,
  inEnglishLexicon,
  isConceptTerm,
  russianNamedTerm,
  termSpecificity,
  tokenize,
  type TermSpan,
} from "../nlp";
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
    // the term inside: "Unter X versteht man …", "Als X bezeichnet man …"
    /^Unter\s+(?:(?:einem|einer|einen|dem|der|den)\s+)?([^,;:()]{2,60}?)\s+(?:versteht|verstehen)\s+(?:man|wir)\s/u,
    /^Als\s+([^,;:()]{2,60}?)\s+(?:bezeichnet|definiert)\s+man\s/u,
    // "Der Nachteil ist das man …": an article followed by a pronoun is a misspelt "dass", no definition
    /^(?:(?:Der|Die|Das|Ein|Eine)\s+)?([^,;:()]{2,60}?)\s+(?:ist|sind|bezeichnet|heißt)\s+(?:ein|eine|der|die|das|einen)\b(?!\s+(?:man|er|sie|es|wir|ich|du|ihr)\b)/u,
  ],
  es: [
    /^(?:(?:El|La|Los|Las|Un|Una)\s+)?([^,;:()]{2,60}?)\s+(?:es|son|se define como)\s+(?:un|una|el|la|los|las)\b/u,
  ],
  pt: [/^(?:(?:O|A|Os|As|Um|Uma)\s+)?([^,;:()]{2,60}?)\s+(?:é|são|se define como)\s+(?:um|uma|o|a|os|as)\b/u],
  ru: [
    // the term inside, in the instrumental: "Под X (здесь и далее) понимается …"
    new RegExp(`^Под\\s+([^,;:()]{2,60}?)${RU_UNDERSTOOD}`, "u"),
    /^(?:(?:Например|Так|Итак|Однако|Также)\s*,?\s+)?([^,;:()]{2,60}?)\s+[—–]\s+(?:это\s+)?\p{Ll}/u,
    /^(?:(?:Например|Так|Итак|Однако|Также)\s*,?\s+)?([^,;:()]{2,60}?)\s+(?:называется|называют|является|есть|представля(?:ет|ют)\s+собой)\s/u,
  ],
};
/** The defined term after the verb ("…称为X。", "…をXと呼ぶ", "on appelle X …"). */
const DEFINITION_TAIL: Record<string, RegExp[]> = {
  en: [/\b(?:is|are) (?:called|known as|termed) (?:an?\s|the\s)?["“]?([^,;.()"”]{2,50}?)["”]?[.,]?$/u],
  zh: [
    /(?:称为|称作|称之为|叫做|叫作|被称作|被称为|简称|记为|记作)[“「"《]?([^，,。；;“”「」"》]{2,16}?)[”」"》]?(?:[。；;，,]|$)/u,
    // "称$a$为零点", "我们称这种方程为波动方程"
    /称(?:[^，,。；;为]{1,24}?)为[“「"《]?([^，,。；;“”「」"》]{2,16}?)[”」"》]?(?:[。；;，,]|$)/u,
  ],
  ja: [
    /を[「『]?([^、。「」『』]{2,20}?)[」』]?と(?:呼ぶ|いう|言う|称する)。?$/u,
    // "関数 u は効用関数と呼ばれる"
    /は[「『]?([^、。「」『』をは]{2,20}?)[」』]?と(?:呼ばれる|呼ばれている|称される|いわれる)。?$/u,
  ],
  fr: [/^On (?:appelle|nomme)\s+([^,;:()]{2,50}?)\s+(?:une?|la|le|les|l['’])\b/u],
  ru: [/(?:называется|называют)\s+([^,;.()]{2,50}?)[.]?$/u],
  de: [
    /(?:nennt man|heißt|bezeichnet man als)\s+([^,;.()]{2,50}?)[.]?$/u,
    // "Ein Markt mit nur einem Anbieter wird als Monopol bezeichnet."
    /\s(?:wird|werden)\s+(?:auch\s+|oft\s+|häufig\s+)?als\s+([^,;.()]{2,50}?)\s+(?:bezeichnet|definiert)[.]?$/u,
  ],
};

function stripArticle(term: string): string {
  return term.replace(/^(?:the|a|an|le|la|les|l['’]|un|une|der|die|das|el|los|las|o|os|as)\s+/iu, "").trim();
}

function shortEnough(term: string): boolean {
  return hasCjk(term) ? [...term].length <= 16 : term.split(/\s+/).length <= 6;
}

/** A label that opens a definition ("零点：若…称a为零点", "Pivot: an entry … is called a pivot"). */
const DEFINITION_LABEL: Record<string, RegExp> = {
  zh: /^([^，,。；;：:（(\s]{2,16})[：:](?=.*(?:称为|称作|叫做|叫作|是指|定义为|称[^，,。；;]{1,24}为))/u,
  ja: /^([^、。，,：:（(\s]{2,20})[：:](?=.*(?:という|と呼ぶ|と定義|とは))/u,
  en: /^([^,;:()]{2,50}):\s+(?=.*\b(?:is called|are called|is defined as|are defined as|we call|we say|denotes|refers to)\b)/iu,
  fr: /^([^,;:()]{2,50})\s?:\s+(?=.*\b(?:on appelle|est appelée?|se définit|désigne)\b)/iu,
};
/** Labels of a block, not terms ("定理", "Example", "Proof"). */
export const GENERIC_LABEL =
  /^(?:定义|定理|引理|推论|性质|证明|例|例题|注|注意|解|答|备注|说明|结论|定義|例題|証明|definition|theorem|lemma|corollary|proof|example|note|remark|solution|answer|définition|théorème|exemple|remarque|preuve|definición|teorema|ejemplo|nota|solución|respuesta|definição|exemplo|resposta|definizione|esempio|satz|beispiel|beweis|lösung|antwort|hinweis|определение|теорема|пример|доказательство|замечание|решение|ответ)\s*\d*$/iu;
/** A label that says "what follows defines the section's subject" ("Definición: Mide la sensibilidad …"). */
export const DEFINES_SUBJECT =
  /^(?:definition|définition|definición|definição|definizione|определение|定义|定義|정의)\s*\d*$/iu;

/**
 * Whether the words before a definition's verb point back at something said before ("这种解称为一般解",
 * "We call these instructions guard instructions", "Cette quantité est appelée …"): such a sentence names
 * a term without saying what it is. The tagger finds the demonstrative (jieba's "r", wink's DET/PRON).
 */
function pointsBack(before: string, lang: string): boolean {
  if (lang === "zh")
    return tokenize(before, lang).some((t) => t.tag === "r" && /^(?:这|此|该|那|其|它)/u.test(t.text));
  if (lang === "en")
    return tokenize(before, lang).some(
      (t) =>
        /^(?:this|these|that|those|such|it|they)$/iu.test(t.text) && (t.tag === "DET" || t.tag === "PRON"),
    );
  if (lang === "ja") return /(?:この|その|これ|それ|こうした|このような)/u.test(before);
  return /(?<!\p{L})(?:ce|cet|cette|ces|dieser|diese|dieses|este|esta|estos|estas|esse|essa|это|этот|эта|эти|такой|такая|такие)(?!\p{L})/iu.test(
    before,
  );
}

/**
 * Whether the subject of "X is …"/"X是…" names a concept the rest defines: a noun at its head, no ordinal or
 * quantifier ("第二问的像函数", "任意一点"), not an everyday word ("好消息"), and more than a value after the verb
 * ("…是1").
 */
function namesAConcept(term: string, sentence: string, m: RegExpExecArray, lang: string): boolean {
  if (/^第|[第任每各某]\p{Script=Han}*[题问点个]|任意|任一|所有|显然/u.test(term)) return false;
  // what follows the verb: "…是1" says a value, not what the term is
  const verb = m.index + m[0].length;
  const rest = sentence
    .slice(verb < sentence.length ? verb : m.index + m[0].indexOf(m[1]!) + m[1]!.length)
    .replace(/\$[^$]*\$/gu, "");
  if (!/\p{L}{2}/u.test(rest)) return false;
  // "A simpler subtype of X are the Y": the subject describes, the term is after the verb
  if (describesRatherThanNames(sentence.slice(0, m.index + m[0].indexOf(m[1]!) + m[1]!.length))) return false;
  // a bare "是" that reasons or narrates defines nothing: "最低次项是$-\infty$，因此0是本性奇点",
  // "好消息是我们不需要…", "常用方法是：求极限；…" (a list, asked as one)
  const copula = m[0].slice(m[0].indexOf(m[1]!) + m[1]!.length);
  if (
    lang === "zh" &&
    /^(?:就是|是)$/u.test(copula) &&
    (/因此|所以|于是|从而|故而|^\s*[：:]|^\s*(?:我们|我|你|他|她|它|这|那)/u.test(rest) ||
      /[，,]\s*(?:则|故)/u.test(rest))
  )
    return false;
  if (lang === "en") return !ranks(sentence.slice(m.index + m[0].indexOf(m[1]!) + m[1]!.length));
  if (lang !== "zh" && lang !== "ja") return true;
  const tokens = tokenize(term, lang);
  const head = tokens.at(-1);
  if (!head || !(head.pos === "NOUN" || head.pos === "PROPN" || head.pos === "X")) return false;
  return tokens.length > 1 || termSpecificity(tokens, lang) >= 0.9;
}

/**
 * Whether an English predicate ranks its subject rather than saying what it is: a superlative or an ordinal
 * right after the copula ("… is the fastest VM on 9 of the 26 benchmarks", "… was the first system to …",
 * "… are the most common cause of …"). wink's lemma tells a superlative from its base ("fastest" → "fast").
 */
function ranks(predicate: string): boolean {
  const tokens = tokenize(predicate, "en");
  const verb = tokens.findIndex((t) => t.tag === "AUX" || t.pos === "VERB");
  const first = tokens.slice(verb + 1).find((t) => t.tag !== "DET" && t.tag !== "ADV" && t.tag !== "PART");
  const word = tokens.slice(verb + 1).find((t) => t.tag !== "DET");
  if (!first || !word) return false;
  const text = first.text.toLowerCase();
  const superlative = first.pos === "ADJ" && /est$/u.test(text) && first.norm !== text;
  const mostOrLeast = /^(?:most|least)$/u.test(word.text.toLowerCase());
  const ordinal = /^(?:first|second|third|last|\d+(?:st|nd|rd|th))$/u.test(text);
  return superlative || mostOrLeast || ordinal;
}

const WE_CALL =
  /^(?:(?:Here|Thus|So|Now|Formally),?\s+)?(?:we|one)\s+(?:call|calls|name|names|term|terms)\s+/iu;
/** Where a named term stops: a qualifier ("between the two goods"), an aside, the sentence's end. */
const NAMED_TERM_END = /\s+(?:between|if|when|whenever|where|which|that|for|of the form)\b|\s*[,;:(.]|$/u;

/**
 * An English naming sentence read in two: what it names and the name, as written ("We call the ratio of marginal
 * utility between two goods the marginal rate of substitution (or MRS)" → "the ratio of marginal utility between
 * two goods", "the marginal rate of substitution (or MRS)."), or null. The object ends where an article follows
 * a noun or a formula with nothing between ("goods the", "$u(x,y)$ the"); an object that points back ("We call
 * such a graph a tree") says nothing of what the name means.
 */
export function englishNaming(sentence: string): { object: string; name: string } | null {
  const verb = WE_CALL.exec(sentence);
  if (!verb) return null;
  const rest = sentence.slice(verb[0].length);
  const tokens = tokenize(rest, "en");
  const at = tokens.findIndex((t, i) => {
    if (!/^(?:the|an?)$/iu.test(t.text)) return false;
    const previous = tokens[i - 1];
    const between = rest.slice(previous?.end ?? 0, t.start);
    if (!previous) return /\$/u.test(between);
    return (
      /\$/u.test(between) || (/^[\s,]*$/u.test(between) && /^(?:NOUN|PROPN|NUM)$/u.test(previous.pos ?? ""))
    );
  });
  if (at < 0) return null;
  const object = rest.slice(0, tokens[at]!.start).replace(/[\s,]+$/u, "");
  if (!object || pointsBack(object, "en") || /^(?:such|this|these|that|those)\b/iu.test(object)) return null;
  return { object, name: rest.slice(tokens[at]!.start) };
}

/** The term an English naming sentence gives ("marginal rate of substitution", "utility function"), or null. */
function englishCalledTerm(sentence: string): string | null {
  const naming = englishNaming(sentence);
  if (!naming) return null;
  const named = naming.name.replace(/^(?:the|an?)\s+/iu, "");
  const term = named
    .slice(0, NAMED_TERM_END.exec(named)!.index)
    .replace(/^\S+['’]s\s+/u, "")
    .trim();
  return term && shortEnough(term) && isConceptTerm(term, "en") ? term : null;
}

/** The term a sentence defines, or null: the subject of "X is a …", "X是…", or the name after "称为"/"is called". */
export function definedTerm(sentence: string, lang: string): string | null {
  if (lang === "en" && WE_CALL.test(sentence)) return englishCalledTerm(sentence);
  if (lang === "ru") {
    // "X называется Y": the term is the side in the instrumental, in its dictionary form
    const named = russianNamedTerm(sentence);
    if (named !== undefined) {
      const subject = sentence.split(/\s+называ/u)[0]!;
      return named && shortEnough(named) && isConceptTerm(named, lang) && !pointsBack(subject, lang)
        ? named
        : null;
    }
  }
  const label = DEFINITION_LABEL[lang]?.exec(sentence);
  const patterns: [RegExp, "head" | "tail"][] = [
    ...(DEFINITION_HEAD[lang] ?? []).map((re): [RegExp, "head"] => [re, "head"]),
    ...(DEFINITION_TAIL[lang] ?? []).map((re): [RegExp, "tail"] => [re, "tail"]),
  ];
  const found: [RegExpExecArray | null, "head" | "tail" | "label"][] = [
    [label && !GENERIC_LABEL.test(label[1]!.trim()) ? label : null, "label"],
    ...patterns.map(([re, side]): [RegExpExecArray | null, "head" | "tail"] => [re.exec(sentence), side]),
  ];
  for (const [m, side] of found) {
    const term = m?.[1] ? stripArticle(m[1]).replace(/^[“"«‘'„]+|[”"»’']+$/gu, "") : "";
    if (!m || !term) continue;
    // "The result is …" points back at something said before; "A process is …" defines
    if (lang === "en" && /^The\s/u.test(sentence) && !/\s/u.test(term) && inEnglishLexicon(term)) continue;
    // "这种解称为一般解": the meaning is only pointed at
    if (side === "tail") {
      const before = sentence.slice(0, m.index + m[0].indexOf(m[1]!));
      // "我们也称为原函数和像函数": nothing before the verb says what the term is
      const says =
        tokenize(before, lang).some((t) => !t.stop && t.pos !== "VERB") || /\$[^$]+\$/u.test(before);
      if (pointsBack(before, lang) || !says) continue;
    }
    if (side === "head" && (pointsBack(term, lang) || !namesAConcept(term, sentence, m, lang))) continue;
    // a Russian term named inside the sentence ("Под термодинамическими параметрами …") is asked in its
    // dictionary form ("термодинамический параметр")
    if (shortEnough(term) && isConceptTerm(term, lang) && !/[\p{N}$]/u.test(term))
      return lang === "ru" && /^Под\s/u.test(m[0]) ? dictionaryForm(term, lang) : term;
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
    if (lang === "en" && !readsAsName(sentence, at, name.length)) continue;
    // a Chinese or Japanese name stands on its own, after the start or a punctuation mark: "由小圆弧定理",
    // "我们介绍定理", "则比值判别法" are a name cut or read into the words before it
    if (hasCjk(name) && at > 0 && !/[：:，,。；;、（(\s]$/u.test(sentence.slice(0, at))) continue;
    const opens = /^(?:the|la|le|l['’]|der|die|das|el|o|a)?$/iu.test(sentence.slice(0, at).trim());
    if (!(STATES[lang]?.test(sentence.slice(at + name.length)) || (opens && !hasCjk(name)))) continue;
    // what is left once the name is taken out must state something
    const rest = [...sentence.replace(name, "")].length;
    if (rest >= (hasCjk(sentence) ? 8 : 25)) return name;
  }
  return null;
}

/**
 * Whether the words at `at` (an English result's name the pattern found) are a name by the tagger's reading of the
 * sentence: no verb, auxiliary, pronoun or determiner among them ("We explain an algorithm for …" is a clause).
 */
function readsAsName(sentence: string, at: number, length: number): boolean {
  return !tokenize(sentence, "en").some(
    (t) =>
      t.start >= at &&
      t.end <= at + length &&
      (t.pos === "VERB" || (t.tag !== undefined && ["AUX", "PRON", "DET"].includes(t.tag))),
  );
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
  // "由于A，B，因此C": the cause runs to the correlative, when there is one
  zh: /^(?:因为|由于|为了)(.+?)[，,](?:(?:所以|因此|因而|从而)(.+)|(?!.*[，,](?:所以|因此|因而|从而))(.+))$/u,
  fr: /^(?:Parce que|Comme|Puisque|Afin de|Pour)\s+(.+?),\s+(.+)$/u,
  // "Поскольку X, то Y": the correlative "то" opens no effect
  ru: /^(?:Так как|Поскольку|Потому что|Чтобы|Для того чтобы)\s+(.+?),\s+(?:то\s*,?\s+)?(.+)$/u,
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
  const result = first?.[2] ?? first?.[3];
  if (first && result && enough(first[1]!) && enough(result)) {
    const connective = sentence.slice(0, sentence.indexOf(first[1]!)).trim();
    return {
      effect: endSentence(capitalise(result), cjk),
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

/** A connective of cause or consequence inside what should be one statement ("…是二维的，因此…", "…, so …"). */
const CAUSAL_INSIDE: Record<string, RegExp> = {
  en: /(?<!\p{L})(?:because|since|therefore|thus|hence|so that|so as to)(?!\p{L})/iu,
  zh: /因为|由于|所以|因此|因而|从而|故而|于是|以便|以免/u,
};

/**
 * The question "why?" asks of an effect, worded as a question about its subject ("The VM also sets a counter." →
 * "Why does the VM also set a counter?", "原函数一致收敛。" → "为什么原函数一致收敛？"); null when the effect is no
 * single statement about a concept (it opens with no subject of its own, is an instruction or holds a second
 * cause), undefined in a language the engine words no such question in (its label asks "why?" before it).
 */
export function whyQuestion(effect: string, lang: string): string | null | undefined {
  const text = effect.trim().replace(/[.。!！]+$/u, "");
  if (CAUSAL_INSIDE[lang]?.test(text)) return null;
  if (lang === "zh") return hasCjk(text) ? `为什么${text}？` : null;
  if (lang !== "en") return undefined;
  const tokens = tokenize(text, "en");
  const v = tokens.findIndex((t) => t.tag === "AUX" || t.pos === "VERB");
  if (v <= 0) return null;
  let s = v;
  while (s > 0 && tokens[s - 1]!.tag === "ADV") s--;
  const subject = tokens.slice(0, s);
  // the subject is a noun phrase: a noun or name at its end, no pronoun, clause or verb inside
  if (
    subject.length === 0 ||
    !["NOUN", "PROPN"].includes(subject.at(-1)!.pos ?? "") ||
    subject.some(
      (t) =>
        ["SCONJ", "AUX", "VERB"].includes(t.tag ?? "") ||
        // two things joined ("the mean and its standard error"), a possessive: still one subject
        (t.tag === "CCONJ" && !/^(?:and|or)$/iu.test(t.text)) ||
        (t.tag === "PRON" && !/^(?:its|their|his|her|our|your)$/iu.test(t.text)) ||
        (t.tag === "PART" && !/^['’]s?$/u.test(t.text)),
    )
  )
    return null;
  const first = subject[0]!;
  const opening = text.slice(first.start, first.end);
  // the sentence's capital goes with the inversion ("The VM" → "the VM", "Dynamic languages" → "dynamic …"); a
  // name the lexicon does not hold in lower case keeps it ("TraceMonkey", "Linux")
  const lowered =
    first.tag === "DET" || (/^\p{Lu}\p{Ll}+$/u.test(opening) && inEnglishLexicon(opening.toLowerCase()))
      ? opening.toLowerCase()
      : opening;
  const subjectText = lowered + text.slice(first.end, subject.at(-1)!.end);
  const adverbs = s < v ? `${text.slice(tokens[s]!.start, tokens[v - 1]!.end)} ` : "";
  const verb = tokens[v]!;
  const rest = text.slice(verb.end).trim();
  if (verb.tag === "AUX") return `Why ${verb.text.toLowerCase()} ${subjectText} ${adverbs}${rest}?`;
  // a finite verb: "sets" → "does … set", "set"/"use" → "do … use", "used"/"ran" → "did … run"; a participle
  // alone ("The VM starting …") makes no clause
  const said = verb.text.toLowerCase();
  if (/ing$/u.test(said)) return null;
  const lemma = verb.norm;
  const support = said === lemma ? "do" : /s$/u.test(said) && !/ss$/u.test(said) ? "does" : "did";
  return `Why ${support} ${subjectText} ${adverbs}${lemma}${rest ? ` ${rest}` : ""}?`;
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
  // and right after it, an article aside: "less than 2.5, the consumer …" compares with a number, not a consumer
  const introduced = hasCjk(m[0])
    ? maximal.find((s) => s.start >= m.index && s.start < end)
    : maximal.find(
        (s) => s.start >= end && /^\s*(?:\p{L}{1,4}['’]?\s*)?$/u.test(sentence.slice(end, s.start)),
      );
  if (!introduced) return null;
  const before = maximal.filter((s) => s.end <= m.index).at(-1);
  // "…的导数均存在，这与实函数中不同", "… and it differs from X": a pronoun before the marker sets a whole clause
  // against the thing, not the noun before it
  if (before && pointsBack(sentence.slice(before.end, m.index), lang)) return null;
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

/**
 * A sentence about the text rather than its subject: a proof left out, a pointer to another place ("see
 * below", "as shown in Figure 3", "以下", "如图所示", "证明略"), the plan of a section ("In this section, we
 * describe …"). It teaches nothing on a card or in a quiz.
 */
const META_SENTENCE: RegExp[] = [
  // a sentence wholly in brackets: an aside, or a form's fill-in instruction ("(полное наименование темы
  // проекта)" under a review form's blank line was the key point of the Russian syllabus's "ОТЗЫВ")
  /^[(（][^()（）]*[)）][.。]?$/u,
  // English: the course's housekeeping ("Reading material: Section 1.3", "Last time we talked about …")
  /^(?:(?:required|recommended|further|suggested)\s+)?(?:readings?|reading material|reading assignment|homework|assignments?|textbook)\s*[:：]/iu,
  /^(?:last time|today|next time|in (?:the|our|today['’]s) (?:last |previous |next )?(?:lecture|class|session))\b[^.]*\b(?:we|I)\s+(?:will\s+|shall\s+)?(?:talked|discussed|covered|saw|looked|learned|learnt|talk|discuss|cover|see|look|learn|continue|introduced?)\b/iu,
  /\b(?:we|I)\s+(?:will|shall)\s+(?:now\s+)?(?:end|begin|start|close|conclude)\s+(?:our|the|this)\s+(?:discussion|lecture|section|chapter|treatment)\b/iu,
  // a figure the card cannot show ("The below plot shows …", "the plot below")
  /\b(?:the|this)\s+(?:below|above)\s+(?:plot|figure|graph|chart|diagram|image|picture)\b|\b(?:plot|figure|graph|chart|diagram)\s+(?:below|above)\s+(?:shows|illustrates|depicts|compares)\b/iu,
  /\b(?:we|I)\s+(?:do not|don['’]t|will not|won['’]t|shall not|omit(?:s)?|skip)\s+(?:prove|give|show|present|repeat|discuss|derive)\b/iu,
  /\b(?:the\s+)?proof\s+(?:is|will be)\s+(?:omitted|left|given\s+(?:below|later|in))\b|\bwithout proof\b|\bleft as an exercise\b/iu,
  /\b(?:see|cf\.)\s+(?:below|above|(?:the\s+)?(?:next|previous|following)\b|(?:Figure|Fig\.|Table|Section|Chapter|Appendix|Eq\.?|Equation)\s*\(?[\dIVX])/iu,
  /\b(?:as|is|are)\s+(?:shown|illustrated|depicted|summari[sz]ed|listed|given|presented|described)\s+(?:in|by|on)\s+(?:the\s+)?(?:Figure|Fig\.|Table|Section|Chapter|Appendix|Eq\.?|Equation)\s*\(?[\dIVX]/iu,
  /^(?:Figure|Fig\.|Table|Section|Chapter|Appendix)\s*\d+(?:\.\d+)*\s+(?:shows|compares|lists|summari[sz]es|presents|gives|illustrates|reports|describes|plots|depicts)\b/iu,
  /^(?:In|Throughout)\s+(?:this|the\s+(?:next|following|present|previous))\s+(?:section|chapter|paper|lecture|part|subsection|note)s?\b/iu,
  /^(?:This|The\s+(?:next|following))\s+(?:section|chapter|paper|lecture|part|subsection)\s+(?:describes|presents|explains|discusses|introduces|shows|covers|reviews)\b/iu,
  /^(?:as follows|the following)[.:]?$/iu,
  /\b(?:can be (?:described|stated|summari[sz]ed|written) as follows|as follows)[.:]?$|\bsee (?:the )?(?:text|appendix|supplementary material|paper)\b|\bfor (?:more|further) details\b/iu,
  // French
  /\b(?:voir|cf\.)\s+(?:ci-dessous|ci-dessus|plus (?:bas|haut)|(?:la\s+)?(?:figure|fig\.|tableau|section|chapitre|annexe)\s*\d)/iu,
  /\bcomme (?:le montre|l['’]illustre|indiqué (?:dans|sur)|on le voit (?:dans|sur))\s+(?:la\s+|le\s+)?(?:figure|fig\.|tableau|section)\b/iu,
  /^(?:Dans|Au cours de)\s+(?:cette|ce|la)\s+(?:section|chapitre|partie|présente section)\b/iu,
  /\bnous ne (?:le )?(?:démontrerons|démontrons|prouvons|détaillerons) pas\b|\bdémonstration (?:omise|laissée)\b/iu,
  // German
  /\b(?:siehe|vgl\.)\s+(?:unten|oben|(?:Abbildung|Abb\.|Tabelle|Abschnitt|Kapitel)\s*\d)/iu,
  /\bwie (?:in|aus)\s+(?:Abbildung|Abb\.|Tabelle)\s*\d+\s+(?:gezeigt|ersichtlich|dargestellt)\b/iu,
  /^In diesem (?:Abschnitt|Kapitel)\b|\bohne Beweis\b|\bBeweis (?:wird )?(?:weggelassen|ausgelassen)\b/iu,
  // Spanish, Portuguese
  /\b(?:véase|ver|veja)\s+(?:abajo|arriba|(?:la\s+|a\s+)?(?:figura|tabla|tabela|sección|seção|capítulo)\s*\d)/iu,
  /\bcomo se (?:muestra|mostra|ve|vê) en\s+(?:la\s+)?(?:figura|tabla)\b|^En (?:esta|este) (?:sección|capítulo)\b|^Nest[ae] (?:seção|capítulo)\b/iu,
  // Russian
  /(?<!\p{L})(?:см\.\s*(?:ниже|выше|рис|табл|раздел|главу|приложение)|как показано на\s+рис|как видно из\s+(?:рис|табл))/iu,
  /^В (?:этом|данном|следующем) (?:разделе|параграфе|главе)(?!\p{L})|(?<!\p{L})(?:доказательство (?:опуска|опустим|приводить не)|без доказательства(?!\p{L}))/iu,
  // Chinese
  /证明略|(?:此处|这里|在此|本节|本文|我们)?(?:不做|不作|不予|略去|省略|不再|不加)(?:证明|推导|详细|赘述|展开|讨论)|(?:证明|推导|过程)(?:从略|略去|省略)/u,
  /如图\s*[\d\-.．]*\s*所示|如表\s*[\d\-.．]*\s*所示|见(?:图|表|附录|第)\s*\d|详见|参见|见下(?:文|图|表|节)?|见上(?:文|图|表|节)?|如下(?:所示|图|表)?[：:。]?$|以下[：:。]?$|^以下/u,
  /^(?:本节|本章|这一节|这一章|下面我们|接下来我们|下面将|本文)/u,
  // Japanese
  /証明は省略|証明を省略|図\s*\d+\s*に示す(?:ように|とおり)|表\s*\d+\s*に示す(?:ように|とおり)|以下に示す|後述する|前述の(?:とおり|通り)|^本(?:節|章)では/u,
];

/**
 * Whether a sentence opens by pointing back at what came before ("这个式子非常重要！", "This is why …", "It
 * holds."): alone on a card it says nothing. The tagger finds the demonstrative or pronoun.
 */
export function opensPointingBack(text: string, lang: string): boolean {
  const first = tokenize(text, lang)[0];
  if (!first || first.start > 2) return false;
  if (lang === "zh") return first.tag === "r" && /^(?:这|此|该|那|其|它)/u.test(first.text);
  if (lang === "en")
    return (
      /^(?:this|these|that|those|it|they|such)$/iu.test(first.text) &&
      (first.tag === "PRON" || first.tag === "DET")
    );
  if (lang === "ja") return /^(?:この|その|これ|それ|あの)/u.test(text.trim());
  return /^(?:ce|cet|cette|ces|cela|il|elle|dies|diese|dieser|dieses|es|esto|este|esta|isto|este|это|этот|эта|эти|он|она|оно)(?!\p{L})/iu.test(
    text.trim(),
  );
}

/** Whether a sentence speaks about the text (a left-out proof, a pointer, a plan) rather than its subject. */
export function isMetaSentence(text: string): boolean {
  const t = text.trim();
  return META_SENTENCE.some((re) => re.test(t));
}

/** A figure or table caption ("Table 3: Results on …", "表 2 …", "Рис. 1", "図 3"), or a reference to one. */
const CAPTION_START =
  /^(?:(?:Figure|Fig\.?|Table|Tab\.|Abbildung|Abb\.|Tabelle|Tableau|Tabla|Tabela|Figura|Рис\.?|Рисунок|Таблица|Табл\.)\s*[\dIVX]+(?:[.\-–]\d+)*\s*(?:[:.\-–—|)]|$|\s)|(?:[图表圖]|図)\s*(?:\d+(?:[.\-–．]\d+)*(?:\s|[:：.．]|$|\p{Script=Han})|[一二三四五六七八九十]+(?:\s|[:：.．]|$)))/iu;

/** Whether a text is a figure or table caption: no card or quiz material. */
export function isCaption(text: string): boolean {
  return CAPTION_START.test(text.trim());
}

/**
 * A statement that stops before it is complete: it ends on a comma, a colon, a conjunction or a word that
 * announces more ("…存在，且", "… and", "则称", "as follows").
 */
const INCOMPLETE_END: RegExp[] = [
  /[,，、;；:：(（\-–—]$/u,
  /\b(?:and|or|but|the|an|of|to|in|with|for|by|as|that|which|where|when|if|then|such as|namely|including|und|oder|der|die|das|et|ou|le|la|les|de|des|que|el|los|и|или|но|что|если)$/iu,
  /(?:^|\s)(?:a|y|o|в|а)$/u,
  /(?:且|并且|而且|和|与|及|以及|或|或者|但|但是|而|则|则称|即|其中|使得|满足|如下|有|是|为|的|若|如果|当|因此|所以|于是|并|称|记)$/u,
  /(?:し|て|が|を|に|と|で|は|の|、)$/u,
];

/** Whether a card's back (or a quiz answer) trails off instead of stating something whole. */
export function isIncompleteStatement(text: string): boolean {
  const t = text.trim().replace(/[\s…]+$/u, "");
  if (!t) return true;
  // "Newton's second law says that: $$F = ma$$": the display formula completes the statement
  if (/\$\$[^$]+\$\$[.。]?$/u.test(t)) return false;
  return INCOMPLETE_END.some((re) => re.test(t));
}

/** The LaTeX of each `$…$` or `$$…$$` formula of a text; null when its dollars do not pair up. */
function latexOf(text: string): { latex: string; display: boolean }[] | null {
  const out: { latex: string; display: boolean }[] = [];
  const rest = text
    .replace(/\\\$/gu, "")
    .replace(/\$\$([^$]*)\$\$|\$([^$]*)\$/gu, (_m, d?: string, i?: string) => {
      out.push({ latex: (d ?? i ?? "").trim(), display: d !== undefined });
      return " ";
    });
  return rest.includes("$") ? null : out;
}

/** Whether braces, \left/\right and \begin/\end pair up in a piece of LaTeX. */
function balancedLatex(latex: string): boolean {
  let depth = 0;
  const plain = latex.replace(/\\[{}]/gu, "");
  for (const c of plain) {
    if (c === "{") depth++;
    else if (c === "}" && --depth < 0) return false;
  }
  if (depth !== 0) return false;
  const count = (re: RegExp) => (latex.match(re) ?? []).length;
  if (count(/\\left(?![a-zA-Z])/gu) !== count(/\\right(?![a-zA-Z])/gu)) return false;
  return count(/\\begin\{/gu) === count(/\\end\{/gu);
}

/** Checks that KaTeX accepts a formula (ingest's latexChecker); without one only the pairing is checked. */
export type FormulaCheck = (latex: string, display: boolean) => boolean;

/**
 * Whether a text holds a formula that cannot be shown: unpaired dollars, unbalanced braces or delimiters, or
 * LaTeX KaTeX refuses. Formulas that render stay.
 */
export function hasGarbledFormula(text: string, katexAccepts?: FormulaCheck): boolean {
  if (!text.includes("$")) return false;
  const formulas = latexOf(text);
  if (!formulas) return true;
  return formulas.some(
    ({ latex, display }) =>
      !latex || !balancedLatex(latex) || (katexAccepts ? !katexAccepts(latex, display) : false),
  );
}

/** Markers of a numbered run inside a sentence: "1) … 2) …", "(1) … (2) …", "(i) … (ii) …", "(a) … (b) …", "①②". */
const ITEM_MARKERS: { pattern: RegExp; nth: (marker: string) => number }[] = [
  { pattern: /(?<![\p{L}\p{N}(])\(?(\d{1,2})[)）]\s*/gu, nth: (m) => Number(m) },
  { pattern: /(?<![\p{L}\p{N}])[(（](\d{1,2})[)）]\s*/gu, nth: (m) => Number(m) },
  {
    pattern: /(?<![\p{L}\p{N}])\((i{1,3}|iv|vi{0,3}|ix|x)\)\s*/gu,
    nth: (m) => ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"].indexOf(m) + 1,
  },
  { pattern: /(?<![\p{L}\p{N}])\(([a-h])\)\s*/gu, nth: (m) => m.charCodeAt(0) - 96 },
  { pattern: /([①②③④⑤⑥⑦⑧⑨⑩])\s*/gu, nth: (m) => m.charCodeAt(0) - 0x245f },
];
/** What joins the last item to the rest, left off each item ("…, and 4) …", "；以及"). */
const ITEM_TAIL =
  /(?:[\s,;，；、]+(?:and|or|et|ou|und|oder|y|e|o|и|или|以及|及|和|与|或|および|並びに)?)+$|[.。;；,，、]+$/iu;
const LIST_LEAD = /^(.{8,}?)\s*[:：]\s*(.+)$/su;

/**
 * A numbered list written inside one sentence after its lead ("The algorithm has four stages: 1) …, 2) …, and
 * 3) …"): the lead (without its colon) and the items in order, or null. The numbering must run 1, 2, 3…
 * (or i, ii…, a, b…) with nothing before the first marker, and each item must be short.
 */
export function inlineEnumeration(sentence: string): { lead: string; items: string[] } | null {
  const m = LIST_LEAD.exec(sentence.trim());
  if (!m || /[:：]/u.test(m[1]!)) return null;
  const lead = m[1]!.trim();
  const rest = m[2]!;
  for (const { pattern, nth } of ITEM_MARKERS) {
    const found = [...rest.matchAll(pattern)];
    if (found.length < 2 || found[0]!.index !== 0) continue;
    if (!found.every((f, i) => nth(f[1]!) === i + 1)) continue;
    const items = found.map((f, i) =>
      rest
        .slice(f.index! + f[0].length, found[i + 1]?.index ?? rest.length)
        .trim()
        .replace(ITEM_TAIL, "")
        .trim(),
    );
    const short = (item: string) =>
      /\p{L}{2}/u.test(item) && (hasCjk(item) ? [...item].length <= 30 : item.split(/\s+/).length <= 12);
    if (items.length > 8 || !items.every(short)) return null;
    return { lead, items };
  }
  return null;
}
