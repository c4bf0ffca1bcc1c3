/**
 * The grammar of a false judgment's swap: whether a noun phrase put in another's place keeps the sentence's
 * number, the gender its article or adjective shows (the article changed where it can be), and whether the
 * note gives the two as one thing ("X, or Y", "X (Y)"), which would leave the statement true.
 */

/** A word's reading where it stands: its number and gender where the tagger or an article shows them. */
export interface HeadReading {
  plural?: boolean;
  gender?: "m" | "f";
}

interface TaggedWord {
  text: string;
  norm: string;
  pos?: string;
  tag?: string;
}

/**
 * The number and gender of a phrase's head, read off the tagger's tokens of it: in English its last noun,
 * plural where wink's lemma drops an "s" ("consumers" → "consumer"); in French and Spanish its first noun, by
 * compromise's tags (Plural, MaleNoun, FemaleNoun). Other languages: nothing known.
 */
export function headReading(tokens: readonly TaggedWord[], lang: string): HeadReading {
  const nouns = tokens.filter((t) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "X");
  if (lang === "en") {
    const head = nouns.at(-1);
    if (!head) return {};
    const lower = head.text.toLowerCase();
    return { plural: /s$/u.test(lower) && head.norm !== lower && !/ss$/u.test(lower) };
  }
  if (lang === "fr" || lang === "es") {
    const head = nouns[0];
    if (!head) return {};
    const tag = head.tag ?? "";
    const gender = /FemaleNoun/u.test(tag) ? "f" : /MaleNoun/u.test(tag) ? "m" : undefined;
    return { plural: /Plural/u.test(tag), gender };
  }
  return {};
}

/** Articles (and contractions) that show a gender: what each becomes for the other gender. */
const GENDERED: Record<string, Record<string, { gender: "m" | "f"; other?: string; plural?: boolean }>> = {
  fr: {
    le: { gender: "m", other: "la" },
    la: { gender: "f", other: "le" },
    un: { gender: "m", other: "une" },
    une: { gender: "f", other: "un" },
    du: { gender: "m", other: "de la" },
    au: { gender: "m", other: "à la" },
    ce: { gender: "m", other: "cette" },
    cet: { gender: "m", other: "cette" },
    cette: { gender: "f" },
  },
  es: {
    el: { gender: "m", other: "la" },
    la: { gender: "f", other: "el" },
    un: { gender: "m", other: "una" },
    una: { gender: "f", other: "un" },
    del: { gender: "m", other: "de la" },
    al: { gender: "m", other: "a la" },
    los: { gender: "m", other: "las", plural: true },
    las: { gender: "f", other: "los", plural: true },
    unos: { gender: "m", other: "unas", plural: true },
    unas: { gender: "f", other: "unos", plural: true },
    este: { gender: "m", other: "esta" },
    esta: { gender: "f", other: "este" },
  },
};

const ARTICLE_BEFORE = /(?<!\p{L})(?:(\p{L}+)\s+|([lL])['’])$/u;
const VOWEL_START = /^[aeiouyàâäéèêëîïôöùûüœæ]/iu;
/** A preposition and the article after it, contracted ("de le" → "du", "a el" → "al"). */
const CONTRACTED: Record<string, [RegExp, string][]> = {
  fr: [
    [/(?<!\p{L})de le $/u, "du "],
    [/(?<!\p{L})à le $/u, "au "],
    [/(?<!\p{L})De le $/u, "Du "],
    [/(?<!\p{L})À le $/u, "Au "],
  ],
  es: [
    [/(?<!\p{L})de el $/u, "del "],
    [/(?<!\p{L})a el $/u, "al "],
    [/(?<!\p{L})De el $/u, "Del "],
    [/(?<!\p{L})A el $/u, "Al "],
  ],
};

/** The gender a French or Spanish noun is given by the articles before it in the note's sentences, if any. */
export function genderInText(
  word: string,
  sentences: readonly string[],
  lang: string,
): "m" | "f" | undefined {
  const articles = GENDERED[lang];
  if (!articles) return undefined;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
  const re = new RegExp(`(?:^|[^\\p{L}])(\\p{L}+)\\s+${escaped}(?!\\p{L})`, "giu");
  for (const s of sentences)
    for (const m of s.matchAll(re)) {
      const found = articles[m[1]!.toLowerCase()];
      if (found) return found.gender;
    }
  return undefined;
}

/**
 * The text before a swapped French or Spanish noun made to agree with it: the article right before the term
 * ("la ley" → "el caso", "le pouvoir" → "l'assemblée", "l'État" → "la nation"), or null when the swap's
 * gender is needed and unknown, or its number differs from the term's. Other languages: `before` unchanged.
 */
export function agreeingBefore(
  before: string,
  swap: string,
  term: HeadReading,
  swapped: HeadReading,
  lang: string,
): string | null {
  if (term.plural !== undefined && swapped.plural !== undefined && term.plural !== swapped.plural)
    return null;
  const articles = GENDERED[lang];
  if (!articles) return before;
  const m = ARTICLE_BEFORE.exec(before);
  if (!m) return before;
  const head = before.slice(0, m.index);
  const capital = (s: string) => (/^\p{Lu}/u.test(m[0]) ? s[0]!.toUpperCase() + s.slice(1) : s);
  const vowel = VOWEL_START.test(swap);
  if (m[2]) {
    // "l'": the gender shows nowhere; a swap opening on a consonant needs "le" or "la" (an h: either)
    if (vowel) return before;
    if (!swapped.gender || /^h/iu.test(swap)) return null;
    return head + capital(swapped.gender === "m" ? "le " : "la ");
  }
  const word = m[1]!.toLowerCase();
  const known = articles[word];
  if (!known) return before;
  // the article shows a gender (and, "los", "las", a number): the swap's must be known
  if (!swapped.gender || (known.plural && swapped.plural === false)) return null;
  let article = swapped.gender === known.gender ? word : known.other;
  if (!article) return null;
  if (lang === "fr" && /^h/iu.test(swap) && ["le", "la", "du", "au"].includes(article)) return null;
  if (lang === "fr" && vowel)
    article =
      ({ le: "l'", la: "l'", du: "de l'", au: "à l'", ce: "cet" } as Record<string, string>)[article] ??
      article;
  else if (lang === "fr" && article === "cet") article = "ce";
  let out = head + capital(article) + (/['’]$/u.test(article) ? "" : " ");
  for (const [re, by] of CONTRACTED[lang] ?? []) out = out.replace(re, by);
  return out;
}

/** Words that join two names of one thing: "X, or Y", "X (Y)", "X, i.e. Y", "X, also called Y". */
const EQUIVALENCE_WORDS = new Set([
  "or",
  "i.e",
  "ie",
  "aka",
  "also",
  "called",
  "known",
  "as",
  "ou",
  "appelé",
  "appelée",
  "dit",
  "dite",
  "o",
  "u",
  "llamado",
  "llamada",
  "también",
  "oder",
  "bzw",
  "beziehungsweise",
  "auch",
  "genannt",
  "или",
  "либо",
  "то",
  "есть",
  "т.е",
  "иначе",
  "即",
  "或",
  "或者",
  "或称",
  "又称",
  "也称",
  "亦称",
  "也叫",
  "又叫",
  "または",
  "あるいは",
  "すなわち",
  "つまり",
  "又は",
]);

/**
 * Whether a sentence gives `a` and `b` as names of one thing: the words between them only join them as
 * alternatives ("неубывающая (невозрастающая)", "consumers, or buyers", "CPU调度器（或短程调度器）"). A comma
 * alone is a list, not an equivalence.
 */
export function givenAsEquivalent(sentence: string, a: string, b: string): boolean {
  const lower = sentence.toLowerCase();
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  for (const [first, second] of [
    [x, y],
    [y, x],
  ] as const) {
    for (let i = lower.indexOf(first); i >= 0; i = lower.indexOf(first, i + 1)) {
      const from = i + first.length;
      const j = lower.indexOf(second, from);
      if (j < 0 || j - from > 30) continue;
      const gap = lower.slice(from, j);
      if (/[(（/]/u.test(gap) && !/[)）]/u.test(gap)) return true;
      const words = gap
        .replace(/[\s,，、;；:：()（）.]+/gu, " ")
        .trim()
        .split(" ")
        .filter(Boolean);
      if (words.length === 0) continue;
      if (words.every((w) => EQUIVALENCE_WORDS.has(w))) return true;
      // Chinese and Japanese: the joining word glued to the name after it ("或短程")
      if (words.length === 1 && /^(?:或|即|又称|也称|亦称|または|あるいは|つまり)/u.test(words[0]!))
        return true;
    }
  }
  return false;
}
