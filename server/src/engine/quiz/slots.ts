/**
 * Where a term stands in its sentence, read by the language's own grammar: the preposition that governs it
 * ("from A to B", "从A向B", "из A в B", "de A vers B"), the case particle that marks it ("AからBをつくる"), or
 * else its side of the clause's verb. Two readings of it catch what word overlap cannot see, since the answer
 * holds the point's words:
 *
 * - roles exchanged (`exchangesRoles`): two terms of a point each stand where the other stood, even across
 *   clauses ("Water is split, releasing oxygen" → "Oxygen is split, releasing water", "从低浓度溶液向高浓度溶液"
 *   → "从高浓度溶液向低浓度溶液", "AからBをつくる" → "BからAをつくる", "при росте цены спрос снижается" → "при
 *   снижении спроса цена растёт");
 * - a term replaced (`replacesTerm`): a clause of the answer restates a clause of the point word for word but
 *   puts another term of the same passage in place of one of the point's ("the server replies" → "the client
 *   replies", "基本情况直接返回" → "递归情况直接返回").
 */
import type { Token } from "../nlp";
import { russianMorph } from "../nlp/russian";

const CLAUSE_END = /[,;:，；：、。.!?！？\n]|\s[-–—]\s/gu;

/** Japanese case particles: the role of the words before them ("の", "と", "や" join words, they mark none). */
const JA_CASE = new Set(["が", "は", "を", "に", "へ", "から", "より", "で", "まで", "によって", "として"]);
const JA_JOIN = new Set(["の", "と", "や", "か"]);

/** Auxiliaries of the passive right before the verb. */
const PASSIVE_AUX = new Set(
  "be is are was were been being est sont été être était étaient wird werden wurde wurden es son fue fueron é são foi foram".split(
    " ",
  ),
);

/** A preposition fused with its article, as the preposition ("del" is "de", "vom" is "von", "aux" is "à"). */
const CONTRACTED: Record<string, string> = Object.fromEntries(
  [
    "de:del,du,des,do,da,dos,das",
    "a:al,ao,aos,à,às,au,aux",
    "em:no,na,nos,nas",
    "por:pelo,pela,pelos,pelas",
    "von:vom",
    "zu:zum,zur",
    "in:im,ins",
    "an:am,ans",
    "bei:beim",
  ].flatMap((row) => {
    const [base, forms] = row.split(":") as [string, string];
    return forms.split(",").map((form) => [form, base]);
  }),
);

/** Chinese prepositions jieba may glue to a one-character noun after them ("从水", "向水", tagged x). */
const ZH_PREPOSITIONS = /^[从向由往到自朝对把被给]/u;

/** "从水" as the preposition "从" and the noun "水". */
function splitPreposition(t: Token): Token[] {
  if (t.pos !== "X" || t.text.length < 2 || !ZH_PREPOSITIONS.test(t.text)) return [t];
  const rest = t.text.slice(1);
  return [
    {
      text: t.text[0]!,
      norm: t.text[0]!,
      start: t.start,
      end: t.start + 1,
      stop: true,
      pos: "FUNC",
      tag: "p",
    },
    { text: rest, norm: rest, start: t.start + 1, end: t.end, stop: false, pos: "NOUN", tag: "n" },
  ];
}

/** A coordinating conjunction as the taggers name it ("and", "并", "и", "et"). */
const COORDINATING = new Set(["CCONJ", "c", "CONJ", "Conjunction"]);

/** A preposition (or postposition) as each tagger names it. */
function isMarker(t: Token, lang: string): boolean {
  if (lang === "ja") return t.pos === "FUNC" && JA_CASE.has(t.text);
  if (lang === "zh") return t.tag === "p";
  return t.tag === "ADP" || t.tag === "PREP" || t.tag === "Preposition";
}

/** A Russian noun that may be genitive continues the phrase before it ("росте цены"): it starts none. */
function mayBeGenitive(word: string): boolean {
  try {
    return russianMorph()(word.toLowerCase()).some((p) => p.tag.CAse === "gent" || p.tag.CAse === "gen2");
  } catch {
    return true;
  }
}

/** A content term and its role: "m:<marker>" where a preposition or particle marks it, else its side of the verb. */
interface Placed {
  key: string;
  role: string;
}

/**
 * The role of each content term of a text, clause by clause: "m:<marker>", or "before:<verb>" / "after:<verb>"
 * (`verbKey` gives a verb's key: the words of one side of a polar pair are one verb, "растёт" and "снижается"
 * both a change of amount).
 */
export function rolesOf(
  text: string,
  tokens: Token[],
  lang: string,
  content: (t: Token) => string | null,
  verbKey: (t: Token) => string = (t) => t.norm,
) {
  const out: Placed[] = [];
  const cuts = [...text.matchAll(CLAUSE_END)].map((m) => m.index);
  const clauseOf = (t: Token) => cuts.filter((c) => c < t.start).length;
  const groups = new Map<number, Token[]>();
  for (const t of tokens) groups.set(clauseOf(t), [...(groups.get(clauseOf(t)) ?? []), t]);
  for (const inside of groups.values()) {
    if (lang === "ja") {
      // postpositions: a word takes the first case particle after it (joined words share it), else the verb's
      let waiting: string[] = [];
      for (const t of inside) {
        if (isMarker(t, lang)) {
          out.push(...waiting.map((key) => ({ key, role: `m:${t.text}` })));
          waiting = [];
        } else if (t.pos === "VERB" || t.pos === "ADJ") {
          out.push(...waiting.map((key) => ({ key, role: `before:${verbKey(t)}` })));
          waiting = [];
        } else if (!JA_JOIN.has(t.text)) {
          const key = content(t);
          if (key) waiting.push(key);
        }
      }
      // words after the last verb or particle (a fragment without its predicate) take no role
      continue;
    }
    let marker: string | null = null;
    let nouns = 0;
    let verb: string | null = null;
    let pending: string[] = [];
    for (const t of lang === "zh" ? inside.flatMap(splitPreposition) : inside) {
      if (isMarker(t, lang)) {
        const word = t.text.toLowerCase();
        marker = CONTRACTED[word] ?? word;
        nouns = 0;
        continue;
      }
      if (t.pos === "VERB") {
        marker = null;
        verb = verbKey(t);
        // the subject of a passive ("are converted", "est produite") is what the verb acts on
        const passive = PASSIVE_AUX.has(inside[inside.indexOf(t) - 1]?.norm.toLowerCase() ?? "");
        out.push(...pending.map((key) => ({ key, role: `${passive ? "after" : "before"}:${verb}` })));
        pending = [];
        continue;
      }
      if (COORDINATING.has(t.tag ?? "")) {
        marker = null;
        continue;
      }
      const key = content(t);
      if (!key) continue;
      // a Russian noun in another case than the genitive after the governed noun starts a new phrase
      if (marker && lang === "ru" && t.pos === "NOUN" && nouns > 0 && !mayBeGenitive(t.text)) marker = null;
      if (t.pos === "NOUN" || t.pos === "PROPN") nouns++;
      if (marker) out.push({ key, role: `m:${marker}` });
      else if (verb) out.push({ key, role: `after:${verb}` });
      else pending.push(key);
    }
    // a fragment without a verb ("water and carbon dioxide" of a list parted by commas) gives its words no role
  }
  return out;
}

const rolesByKey = (placed: Placed[]) => {
  const map = new Map<string, Set<string>>();
  for (const p of placed) map.set(p.key, (map.get(p.key) ?? new Set()).add(p.role));
  return map;
};

/** A comparison turns round rightly with an antonym ("A is larger than B" = "B is smaller than A"). */
const COMPARISON = /(?<![\p{L}])(?:than|que|qu['’]|als|чем)(?![\p{L}])|比|より/iu;

/**
 * Whether two terms of `point`, each in one role only, stand in the answer each in the other's role only.
 * Comparisons are left to `swapsRoles`.
 */
export function exchangesRoles(
  point: { text: string; tokens: Token[] },
  answer: { text: string; tokens: Token[] },
  lang: string,
  content: (t: Token) => string | null,
  verbKey?: (t: Token) => string,
): boolean {
  if (COMPARISON.test(point.text) || COMPARISON.test(answer.text)) return false;
  const inPoint = rolesByKey(rolesOf(point.text, point.tokens, lang, content, verbKey));
  const inAnswer = rolesByKey(rolesOf(answer.text, answer.tokens, lang, content, verbKey));
  const single = [...inPoint]
    .filter(([, roles]) => roles.size === 1)
    .map(([key, roles]) => ({
      key,
      role: [...roles][0]!,
      now: inAnswer.get(key),
    }));
  for (const a of single)
    for (const b of single)
      if (
        a.key < b.key &&
        a.role !== b.role &&
        a.now?.size === 1 &&
        b.now?.size === 1 &&
        a.now.has(b.role) &&
        b.now.has(a.role)
      )
        return true;
  return false;
}

// --- a term replaced ---

interface Word {
  key: string;
  content: boolean;
  /** A noun or a name (or a word no tagger read): what a term is. */
  noun: boolean;
}

const NOUNISH = new Set<Token["pos"]>(["NOUN", "PROPN", "X", undefined]);

/** The clauses of a text as word sequences; two clauses joined by "and" (each with its verb) are two. */
function clauses(text: string, tokens: Token[], content: (t: Token) => string | null): Word[][] {
  const out: Word[][] = [[]];
  const verbs: boolean[] = [false];
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  const zh = cjk && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  let last = 0;
  for (const [i, t] of tokens.entries()) {
    const gap = text.slice(last, t.start);
    // "… and the client answers …": a verb after it, or a determiner opening a new subject (the tagger may
    // read the verb as a noun)
    const joins =
      COORDINATING.has(t.tag ?? "") &&
      verbs.at(-1) &&
      (tokens[i + 1]?.tag === "DET" ||
        tokens
          .slice(i + 1)
          .some((n) => n.pos === "VERB" && !/[,;:，；：、。.!?！？\n]/u.test(text.slice(t.end, n.start))));
    // in Chinese and Japanese text a space parts the pieces of a list
    if (/[,;:，；：、。.!?！？\n]|\s[-–—]\s/u.test(gap) || (cjk && /\s/u.test(gap)) || joins) {
      out.push([]);
      verbs.push(false);
    }
    last = t.end;
    if (/^[\p{P}\p{S}]+$/u.test(t.text)) continue;
    if (t.pos === "VERB") verbs[verbs.length - 1] = true;
    const key = content(t);
    // in Chinese a word right before a noun modifies it, whatever its tag ("递归情况"); in Japanese a noun
    // before する is a verb ("廃止される")
    const next = tokens[i + 1];
    const modifier = zh && next?.start === t.end && (next.pos === "NOUN" || next.pos === "PROPN");
    const verbal = next?.norm === "する";
    out.at(-1)!.push({
      key: key ?? t.norm.toLowerCase(),
      content: key !== null,
      noun: (NOUNISH.has(t.pos) && !verbal) || modifier,
    });
  }
  return out.filter((c) => c.length > 0);
}

/** The common subsequence of two word sequences that keeps the most (a content word counts twice), as index pairs. */
function align(a: Word[], b: Word[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] = Math.max(
        table[i + 1]![j]!,
        table[i]![j + 1]!,
        a[i]!.key === b[j]!.key ? table[i + 1]![j + 1]! + (a[i]!.content ? 2 : 1) : 0,
      );
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;)
    if (a[i]!.key === b[j]!.key && table[i]![j] === table[i + 1]![j + 1]! + (a[i]!.content ? 2 : 1))
      pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  return pairs;
}

/**
 * Whether a clause of `answer` restates a clause of `point` with one of its terms (a noun or a name, not a
 * verb: "responds" for "replies" is a paraphrase) replaced by another term of the passage (`passage`: the
 * content keys of the section and its key points) that the point's clause does not hold, every other content
 * word of the point's clause kept in order, at least two of them.
 */
export function replacesTerm(
  point: { text: string; tokens: Token[] },
  answer: { text: string; tokens: Token[] },
  passage: Set<string>,
  content: (t: Token) => string | null,
  others: { text: string; tokens: Token[] }[] = [],
): boolean {
  // a comparison turns round rightly with an antonym ("lower … than" for "higher … than" with its sides exchanged)
  if (COMPARISON.test(point.text)) return false;
  const pointClauses = clauses(point.text, point.tokens, content);
  const answerClauses = clauses(answer.text, answer.tokens, content);
  // the clauses of the other key points: an answer's clause that restates one of them as closely is about it
  // ("闭集的原像是闭集" beside "开集的原像是开集")
  const otherClauses = others.flatMap((o) => clauses(o.text, o.tokens, content));
  const keptOf = (p: Word[], a: Word[]) => align(p, a).filter(([i]) => p[i]!.content).length;
  for (const p of pointClauses) {
    const pointKeys = new Set(p.filter((w) => w.content).map((w) => w.key));
    for (const a of answerClauses) {
      const answerKeys = new Set(a.filter((w) => w.content).map((w) => w.key));
      const pairs = align(p, a);
      const kept = pairs.filter(([i]) => p[i]!.content).length;
      // the point's predicate kept: a clause that drops it says something else of the words it shares
      const aligned = new Set(pairs.map(([i]) => i));
      if (p.some((w, i) => w.content && !w.noun && !aligned.has(i))) continue;
      if (kept < 3 || kept < 0.5 * pointKeys.size) continue;
      if (otherClauses.some((o) => keptOf(o, a) >= kept)) continue;
      // the gaps between aligned words, the point's and the answer's side by side
      const bounds: [number, number][] = [[-1, -1], ...pairs, [p.length, a.length]];
      let replaced = 0;
      let lost = false;
      for (let k = 0; k + 1 < bounds.length; k++) {
        const from = p.slice(bounds[k]![0] + 1, bounds[k + 1]![0]).filter((w) => w.content);
        const to = a.slice(bounds[k]![1] + 1, bounds[k + 1]![1]).filter((w) => w.content);
        if (from.length === 0) continue;
        // what the answer leaves out at the clause's ends it does not contradict; a word left out inside it means
        // the clause was read apart
        if (to.length === 0) {
          if (k > 0 && k + 2 < bounds.length) lost = true;
          continue;
        }
        // the point's word a noun, the answer's a noun of the passage the point's clause does not hold
        const swappedIn = to.filter((w) => passage.has(w.key) && !pointKeys.has(w.key) && w.noun);
        if (
          from.length <= 3 &&
          from.every((w) => w.noun) &&
          from.every((w) => !answerKeys.has(w.key)) &&
          swappedIn.length > 0 &&
          to.length <= 3
        ) {
          replaced++;
        } else lost = true;
      }
      if (replaced > 0 && !lost) return true;
    }
  }
  return false;
}
