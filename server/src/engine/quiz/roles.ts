/**
 * Swapped roles: an answer that restates a key point's relation with its two sides exchanged ("the seasons
 * cause the tilt" for "the tilt causes the seasons", "a hard disk has a lower latency than a solid-state drive"
 * for the reverse, "a rectangle is a square whose …" for "a square is a rectangle whose …"). Word overlap cannot
 * see it: the answer holds every word of the point.
 *
 * A clause is read around its relation word (the pivot): a verb (the tagger's, or in languages without one a
 * causal or relational verb of a closed class), a copula, or a comparison marker ("than", "que", "чем", "比",
 * "より"). What stands before the pivot is the subject side, what follows the object side; a passive ("are
 * caused by", "est provoquée par", "被", "由") exchanges them back. The roles are swapped when a word of the
 * point's subject side stands on the answer's object side and a word of its object side on the answer's
 * subject side. Only a clause that restates the point's clause is read so: one that puts other words in place
 * of some of the point's ("higher" for "lower", "lentement" for "vite": an antonym turns a comparison round
 * rightly) is left alone.
 */
import type { Token } from "../nlp";

/** A word of a clause (its lemma or stem; in CJK text a content character) and where it stands. */
interface Unit {
  key: string;
  at: number;
}

interface Pivot {
  key: string;
  start: number;
  end: number;
  passive: { marker: number; before: boolean } | null;
  /** Where a causative verb before the pivot starts ("le soleil fait évaporer l'eau"), else absent. */
  causative?: number;
}

interface Clause {
  start: number;
  end: number;
  units: Unit[];
  /**
   * Every word of the clause, function words too (in CJK text every character): what a comparison turns on
   * ("higher", "more", "小") may be a function word to the tagger.
   */
  words: Unit[];
  pivots: Pivot[];
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
/** Clause ends, as the grader reads them (a comparison or a definition does not reach past one). */
const CLAUSE_END = /[,;:，；：、。.!?！？\n]|\s[-–—]\s/gu;

/** Copulas per language: "X is Y" relates a subject to what it is said to be. */
const COPULA: Record<string, Set<string>> = {
  en: new Set(["be"]),
  fr: new Set(["est", "sont"]),
  de: new Set(["ist", "sind"]),
  es: new Set(["es", "son"]),
  pt: new Set(["é", "são"]),
  it: new Set(["è", "sono"]),
  ru: new Set(["является", "являются", "это"]),
};
/** Comparison markers: "A … than B" ("que" and the like only after a comparative: "plus vite … que"). */
const THAN: Record<string, Set<string>> = {
  en: new Set(["than"]),
  ru: new Set(["чем"]),
  de: new Set(["als"]),
  ja: new Set(["より"]),
  nl: new Set(["dan"]),
};
const THAN_AFTER_COMPARATIVE: Record<string, [Set<string>, Set<string>]> = {
  fr: [new Set(["que", "qu'"]), new Set(["plus", "moins", "aussi", "meilleur", "pire"])],
  es: [new Set(["que"]), new Set(["más", "menos", "mejor", "peor"])],
  pt: [new Set(["que", "do"]), new Set(["mais", "menos", "melhor", "pior"])],
  it: [new Set(["che", "di"]), new Set(["più", "meno", "migliore", "peggiore"])],
};
/** Passive agents after the verb ("caused by", "provoquée par", "verursacht durch", "causado por"). */
const AGENT_AFTER = new Set(["by", "par", "durch", "von", "por", "da"]);
/** Auxiliaries of the passive before the verb. */
const PASSIVE_AUX = new Set(
  "be est sont été être sera seront était étaient wird werden wurde wurden es son fue fueron é são foi foram è sono viene".split(
    " ",
  ),
);
/**
 * Causal and relational verbs, a closed class as the negations are: the pivot where the tagger misreads one
 * ("causes" as a plural noun) or where the language has no tagger ("entraîne", "вызывает", "verursacht").
 */
const RELATION_VERB: Record<string, RegExp> = {
  en: /^(?:cause|lead|produce|reduce|increase|decrease|prevent|determine|contain|precede|inhibit|stimulate|raise|lower|create|generate|induce|trigger|imply|affect|follow|change|lowers|raises|changes)$/u,
  fr: /^(?:entraîn|provoqu|caus|produi|rédui|empêch|détermin|favoris|stimul|inhib|précèd|contien|impliqu|engendr|augment|diminu|abaiss|élèv|génèr|cré)/u,
  ru: /^(?:вызыва|вызвал|созда[её]т|создают|привод|препятству|определя|порожда|увеличива|уменьша|содерж|влия|повыша|понижа|снижа)/u,
  de: /^(?:verursach|bewirk|erzeug|verhinder|bestimm|enthält|enthalten|führt|erhöh|senk|verringer)/u,
  es: /^(?:provoca|produc|reduc|determin|impid|gener|contien|caus|aument|disminu)/u,
  pt: /^(?:provoca|produz|reduz|determin|impede|ger|contém|caus|aument|diminu)/u,
};
/** Causative verbs per language, as written: "fait fondre", "hace hervir", "lässt schmelzen", "makes … melt". */
const CAUSATIVE: Record<string, RegExp> = {
  en: /^(?:make|makes|made|making)$/u,
  fr: /^(?:fai[ts]|fait|font|faire|faisant|fera|feront)$/u,
  es: /^(?:hace|hacen|hacer|hizo|haciendo|hará)$/u,
  pt: /^(?:faz|fazem|fazer|fez|fazendo)$/u,
  it: /^(?:fa|fanno|fare|facendo)$/u,
  de: /^(?:lässt|lassen|ließ|ließen)$/u,
};
/** Chinese copula and comparison characters, outside the words they are part of ("是否", "比较"). */
const ZH_COPULA = /是(?!否)/u;
const ZH_COPULA_NOT = /(?:但|于|还|或|可|要|若|凡|倒|硬|老|总)是$/u;
const ZH_THAN = /比(?![较例如率重赛])/u;
const ZH_THAN_NOT = /(?:对|相|无|好|类|正|反|攀|评|类|不)比$/u;
/** A condition clause: opened by "when", "if", "quand", "если", "当"…, or closed by "时", "的话"; ja "と", "ば". */
const CONDITION_OPEN =
  /^(?:when|whenever|if|once|quand|lorsque|lorsqu['’]|si|dès que|wenn|falls|sobald|cuando|si|quando|se|когда|если|как только|当|如果|若|只要|一旦)(?![\p{L}])/iu;
const CONDITION_CLOSE =
  /(?:时|时候|的话|之后|以后|(?<=[\p{Script=Hiragana}\p{Script=Han}])(?:と|ば|たら|なら|ことで|ので|ために))$/u;
/**
 * Japanese joins a cause or a means to what follows from it inside one sentence ("沈み込むことで地震が起こる",
 * "…ので", "…ために"): a clause ends after the connective, and the two are read as a condition and its result.
 */
const JA_CAUSE_END = /(?<=(?:ことで|ので|ために))(?!$)/gu;
/** Chinese passive markers before the verb: the agent follows them ("由地轴倾斜引起", "被 … 抑制"). */
const ZH_PASSIVE = /[被由受]/u;

const isCjkText = (text: string) => CJK_CHAR.test(text);

/** Reads a text into clauses: their words and their pivots. `content` says which tokens are words. */
export function clausesOf(
  text: string,
  tokens: Token[],
  lang: string,
  content: (t: Token) => string | null,
  ends: RegExp = CLAUSE_END,
): Clause[] {
  const copula = COPULA[lang] ?? new Set<string>();
  const than = THAN[lang] ?? new Set<string>();
  const [thanAfter, comparative] = THAN_AFTER_COMPARATIVE[lang] ?? [new Set<string>(), new Set<string>()];
  const relationVerb = RELATION_VERB[lang];
  const spans: { start: number; end: number }[] = [];
  let from = 0;
  const cuts = [...text.matchAll(ends), ...(lang === "ja" ? text.matchAll(JA_CAUSE_END) : [])].sort(
    (a, b) => a.index - b.index,
  );
  for (const m of [...cuts, { index: text.length, 0: "" }]) {
    if (m.index! > from) spans.push({ start: from, end: m.index! });
    from = Math.max(from, m.index! + m[0].length);
  }
  const cjk = isCjkText(text);
  const functionAt = new Set<number>();
  if (cjk) for (const t of tokens) if (t.stop) for (let i = t.start; i < t.end; i++) functionAt.add(i);
  const tagged = tokens.some((t) => t.pos !== undefined && t.pos !== "NUM");
  const clauses = spans.map(({ start, end }) => {
    const inside = tokens.filter((t) => t.start >= start && t.end <= end);
    const units: Unit[] = [];
    for (const t of inside) {
      if (cjk && isCjkText(t.text)) {
        for (let i = t.start; i < t.end; i++)
          if (CJK_CHAR.test(text[i]!) && !functionAt.has(i)) units.push({ key: text[i]!, at: i });
      } else {
        const key = content(t);
        if (key) units.push({ key, at: t.start });
      }
    }
    const pivots: Pivot[] = [];
    const lower = (t: Token) => t.text.toLowerCase();
    inside.forEach((t, i) => {
      const word = lower(t);
      let key: string | null = null;
      if (copula.has(t.norm) || copula.has(word)) {
        // "are caused by": the auxiliary of a passive is no copula
        const next = inside.slice(i + 1, i + 3).find((n) => n.pos !== "ADV");
        if (!next || !(next.pos === "VERB" || relationVerb?.test(next.norm))) key = "=";
      } else if (
        than.has(word) ||
        (thanAfter.has(word) && inside.slice(0, i).some((p) => comparative.has(lower(p))))
      )
        key = "<";
      else if (
        (tagged && t.pos === "VERB" && !copula.has(t.norm) && !PASSIVE_AUX.has(t.norm)) ||
        relationVerb?.test(word) ||
        (lang === "en" && relationVerb?.test(t.norm))
      )
        // a reflexive ("определяется") is the passive of the active verb: never the same pivot
        key = /(?:ся|сь)$/u.test(word) ? `${t.norm}·ся` : t.norm;
      if (!key) return;
      let passive: Pivot["passive"] = null;
      if (key !== "=" && key !== "<") {
        const before = inside.slice(Math.max(0, i - 3), i);
        const agent = inside.slice(i + 1).find((n) => AGENT_AFTER.has(lower(n)));
        if (agent && before.some((b) => PASSIVE_AUX.has(b.norm) || PASSIVE_AUX.has(lower(b))))
          passive = { marker: agent.start, before: false };
      }
      // "le soleil fait évaporer l'eau", "the heat makes the ice melt": the verb's own subject is the one
      // caused to act (after the causative), the causative's subject its cause
      const causativeVerb = CAUSATIVE[lang];
      let causative: number | undefined;
      if (key !== "=" && key !== "<" && !passive && causativeVerb) {
        const before = inside.slice(Math.max(0, i - 4), i);
        const at = before.findLastIndex((b) => causativeVerb.test(lower(b)));
        if (at >= 0 && before.slice(at + 1).every((b) => b.pos !== "VERB" && lower(b) !== "to"))
          causative = before[at]!.start;
      }
      pivots.push({
        key,
        start: t.start,
        end: t.end,
        passive,
        ...(causative !== undefined && { causative }),
      });
    });
    if (cjk) {
      // the copula and the comparison marker may stand inside a token ("比铁小"): found by character
      for (const [re, not, key] of [
        [ZH_COPULA, ZH_COPULA_NOT, "="],
        [ZH_THAN, ZH_THAN_NOT, "<"],
      ] as const) {
        const part = text.slice(start, end);
        for (const m of part.matchAll(new RegExp(re.source, "gu"))) {
          const at = start + m.index;
          if (not.test(text.slice(start, at + 1))) continue;
          pivots.push({ key, start: at, end: at + 1, passive: null });
        }
      }
      for (const p of pivots) {
        if (p.key === "=" || p.key === "<") continue;
        const marker = [...text.slice(start, p.start)].reduce(
          (found, ch, k, all) => (ZH_PASSIVE.test(ch) ? start + all.slice(0, k).join("").length : found),
          -1,
        );
        if (marker >= 0) p.passive = { marker, before: true };
      }
    }
    if (lang === "ja") japaneseSides(inside, pivots);
    const words = inside
      .filter((t) => !/^[\p{P}\p{S}]+$/u.test(t.text))
      .flatMap((t) =>
        cjk && isCjkText(t.text)
          ? // an inflected Japanese word by its dictionary form ("小さく" as "小さい")
            [...(lang === "ja" && /\p{Script=Hiragana}/u.test(t.text) ? t.norm : t.text)].map((ch, k) => ({
              key: ch,
              at: Math.min(t.start + k, t.end - 1),
            }))
          : [{ key: t.norm.toLowerCase(), at: t.start }],
      );
    return { start, end, units, words, pivots };
  });
  // a clause without a relation ("In a Hausdorff space,", "在豪斯多夫空间中，") frames the next one: read together
  const out: Clause[] = [];
  let frame: Clause | null = null;
  for (const c of clauses) {
    const joined: Clause = frame
      ? {
          start: frame.start,
          end: c.end,
          units: [...frame.units, ...c.units],
          words: [...frame.words, ...c.words],
          pivots: c.pivots,
        }
      : c;
    if (joined.pivots.length === 0) frame = joined;
    else {
      out.push(joined);
      frame = null;
    }
  }
  if (frame) out.push(frame);
  // a condition and what follows from it ("When the temperature rises, the resistance grows", "温度升高时，
  // 电阻率增大"), in either order: read as one clause, the condition on the subject side of an "⇒" pivot
  const conditions: Clause[] = [];
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    const clauseText = text.slice(c.start, c.end).trim();
    if (!CONDITION_OPEN.test(clauseText) && !CONDITION_CLOSE.test(clauseText)) continue;
    // "If A, B" leads into the clause after it; "B if A" closes the clause before it (in the same sentence)
    const previous = out[i - 1];
    const sameSentence = previous && !/[.!?。！？\n]/u.test(text.slice(previous.end, c.start));
    const main = CONDITION_CLOSE.test(clauseText) || !sameSentence ? out[i + 1] : previous;
    if (!main) continue;
    // the condition's words stand before the pivot, the consequence's after it, whatever their order
    const place = (cond: Unit[], then: Unit[]) => [
      ...cond.map((u) => ({ key: u.key, at: 0 })),
      ...then.map((u) => ({ key: u.key, at: 2 })),
    ];
    conditions.push({
      start: Math.min(c.start, main.start),
      end: Math.max(c.end, main.end),
      units: place(c.units, main.units),
      words: place(c.words, main.words),
      pivots: [{ key: "⇒", start: 1, end: 2, passive: null }],
    });
  }
  return [...out, ...conditions];
}

/**
 * Japanese puts both sides before the verb and marks them with particles: the subject is what ends on "が" or
 * "は" before the verb ("海洋プレートが | 大陸プレートの下に沈み込む"), and a comparison's standard is the phrase
 * right before "より", its subject what comes before that ("キャッシュは | 主記憶より容量が小さい"). The pivot
 * is moved to where the subject ends, so that `sides` reads them as it reads a subject–verb–object clause.
 */
function japaneseSides(inside: Token[], pivots: Pivot[]) {
  for (const p of pivots) {
    const before = inside.filter((t) => t.end <= p.start);
    if (p.key === "<") {
      const opening = before.findLast((t) => t.stop && t.text !== "の");
      const standard = before.find((t) => !t.stop && (!opening || t.start >= opening.end));
      if (opening && standard) p.start = p.end = standard.start;
    } else if (p.key !== "=" && p.key !== "⇒") {
      const topic = before.findLast((t) => t.text === "が" || t.text === "は");
      if (topic) p.start = p.end = topic.end;
    }
  }
}

/** The two sides of a clause around a pivot, the subject's first; a passive gives its agent as the subject. */
function sides(clause: Clause, pivot: Pivot): [Set<string>, Set<string>] {
  const before = clause.units.filter((u) => u.at < pivot.start);
  const after = clause.units.filter((u) => u.at >= pivot.end);
  const keys = (units: Unit[]) => new Set(units.map((u) => u.key));
  const { passive, causative } = pivot;
  if (causative !== undefined) {
    // cause VERB(causative) … VERB: the one made to act is the subject, its cause the other side
    const cause = before.filter((u) => u.at < causative);
    const actor = [...before.filter((u) => u.at > causative), ...after];
    return [keys(actor), keys(cause)];
  }
  if (!passive) return [keys(before), keys(after)];
  if (passive.before) {
    // patient 由/被 agent VERB …
    const agent = before.filter((u) => u.at > passive.marker);
    const patient = [...before.filter((u) => u.at < passive.marker), ...after];
    return [keys(agent), keys(patient)];
  }
  // patient is VERBed by agent …
  const agent = after.filter((u) => u.at > passive.marker);
  const patient = [...before, ...after.filter((u) => u.at < passive.marker)];
  return [keys(agent), keys(patient)];
}

/**
 * Whether `answer` states a relation of `point` with its roles swapped. Both are read with `tokenize`'s tokens
 * for their language; `content` gives a token's matching key when it is a content word (else null).
 */
export function swapsRoles(
  point: { text: string; tokens: Token[] },
  answer: { text: string; tokens: Token[] },
  lang: string,
  content: (t: Token) => string | null,
): boolean {
  const read = (x: typeof point, ends?: RegExp) => clausesOf(x.text, x.tokens, lang, content, ends);
  return crossed(read(point), read(answer));
}

/** Whether a clause of the answer states a clause of the point with its roles crossed (see `swapsRoles`). */
function crossed(pointClauses: Clause[], answerClauses: Clause[]): boolean {
  for (const pc of pointClauses) {
    // the answer may state the point rightly in one clause and something else in another (a reference
    // answer holds every key point): a point is swapped only where no clause states it the right way round
    // (pivot by pivot: a clause of two relations may state one rightly and swap the other)
    const swapped = new Set<Pivot>();
    const aligned = new Set<Pivot>();
    for (const ac of answerClauses) {
      for (const pp of pc.pivots) {
        // the k-th pivot of its kind in the point's clause stands for the k-th in the answer's
        const same = pc.pivots.filter((p) => p.key === pp.key);
        const ap = ac.pivots.filter((p) => p.key === pp.key);
        if (ap.length !== same.length) continue;
        const answerPivot = ap[same.indexOf(pp)]!;
        const [subject, object] = sides(pc, pp);
        const [answerSubject, answerObject] = sides(ac, answerPivot);
        // a clause that puts other words in place of some of the point's, on the same side of the relation
        // ("higher … than" for "lower … than"), may state it rightly: an antonym turns a comparison round
        // (a comparison by every word, "higher" and "more" too; other relations by their content words)
        const wordsOf = (c: Clause) => (pp.key === "<" ? c.words : c.units);
        const [pointWords, answerWords] = [pc, ac].map((c) => new Set(wordsOf(c).map((w) => w.key)));
        const side = (c: Clause, p: Pivot, before: boolean) =>
          new Set(
            wordsOf(c)
              .filter((w) => (before ? w.at < p.start : w.at >= p.end))
              .map((w) => w.key),
          );
        const replaced = (before: boolean) =>
          [...side(pc, pp, before)].some((k) => !answerWords!.has(k)) &&
          [...side(ac, answerPivot, before)].some((k) => !pointWords!.has(k));
        if (pp.key === "<" && (replaced(true) || replaced(false))) continue;
        // a word on both sides of the point's clause tells nothing of its roles, nor does a verb that is itself
        // a relation of either clause: "entschlüsseln kann die Nachricht …" fronts the verb before its modal
        // (German puts any part of a clause first), no term moved
        const relations = new Set([...pc.pivots, ...ac.pivots].map((p) => p.key));
        const oneSide = (k: string) => subject.has(k) !== object.has(k) && !relations.has(k);
        const moved = (from: Set<string>, to: Set<string>, away: Set<string>) =>
          [...from].some((k) => oneSide(k) && to.has(k) && !away.has(k));
        const toObject = moved(subject, answerObject, answerSubject);
        const toSubject = moved(object, answerSubject, answerObject);
        // a comparison's far side may be a pronoun or a function word ("que le son", "than it")
        const bareSide = pp.key === "<" && (object.size === 0 || subject.size === 0);
        // "the points closest to it are the support vectors": a copula's sides exchanged whole state an
        // identity the other way round; "a rectangle is a square whose …" keeps "whose …" where it was
        const stays =
          pp.key !== "=" ||
          [...subject].some((k) => oneSide(k) && answerSubject.has(k) && !answerObject.has(k)) ||
          [...object].some((k) => oneSide(k) && answerObject.has(k) && !answerSubject.has(k));
        if (stays && ((toObject && toSubject) || (bareSide && (toObject || toSubject)))) swapped.add(pp);
        const kept = (from: Set<string>, at: Set<string>, away: Set<string>) =>
          [...from].some((k) => oneSide(k) && at.has(k) && !away.has(k));
        if (
          !toObject &&
          !toSubject &&
          kept(subject, answerSubject, answerObject) &&
          kept(object, answerObject, answerSubject)
        )
          aligned.add(pp);
      }
    }
    if ([...swapped].some((p) => !aligned.has(p))) return true;
  }
  return false;
}

/**
 * Polar opposites, a closed class per language as the negations are: a direction or an extreme stated the
 * other way ("the positive direction of the gradient" for "the negative gradient", "最大" for "最小",
 * "decreases" for "increases"), and a process run the other way — what is built up broken down, what is given off
 * taken in, what is raised lowered ("burns glucose" for "converts … into glucose", "提高活化能" for "降低活化能",
 * "破壊する" for "生成する"). Comparatives ("higher", "lower") are not among them: turned round with their two
 * sides, they state the same.
 */
const POLAR: Record<string, [RegExp, RegExp][]> = {
  en: [
    [/positive(?:s|ly)?/iu, /negative(?:s|ly)?/iu],
    [/maxim(?:um|al|ise|ize|ises|izes|ised|ized)/iu, /minim(?:um|al|ise|ize|ises|izes|ised|ized)/iu],
    [
      /increas(?:e|es|ed|ing)|rais(?:e|es|ed|ing)|ris(?:e|es|ing)|rose/iu,
      /decreas(?:e|es|ed|ing)|reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)?|f[ae]ll(?:s|ing)?|drop(?:s|ped|ping)?/iu,
    ],
    [
      /convert(?:s|ed|ing)?|produc(?:e|es|ed|ing)|synthesi[sz](?:e|es|ed|ing)|build(?:s|ing)?|buil[td]|form(?:s|ed|ing)?/iu,
      /burn(?:s|ed|ing|t)?|break(?:s|ing)? down|broke down|decompos(?:e|es|ed|ing)|destroy(?:s|ed|ing)?|degrad(?:e|es|ed|ing)/iu,
    ],
    [
      /releas(?:e|es|ed|ing)|emit(?:s|ted|ting)?|giv(?:e|es|ing) off|gave off/iu,
      /absorb(?:s|ed|ing)?|tak(?:e|es|ing) up|took up|consum(?:e|es|ed|ing)/iu,
    ],
    [
      /accelerat(?:e|es|ed|ing)|speed(?:s|ing)? up|sped up/iu,
      /slow(?:s|ed|ing)? down|decelerat(?:e|es|ed|ing)/iu,
    ],
  ],
  fr: [
    [/positi(?:f|ve|fs|ves)/iu, /négati(?:f|ve|fs|ves)/iu],
    [/maxim(?:um|al|ale|aux|ales)/iu, /minim(?:um|al|ale|aux|ales)/iu],
    [/augment\p{L}*/iu, /diminu\p{L}*|rédui\p{L}*|baiss\p{L}*/iu],
    [
      /converti\p{L}*|produi\p{L}*|synthétis\p{L}*|form(?:e|ent|é|ée|és|ées|er)/iu,
      /dégrad\p{L}*|décompos\p{L}*|détrui\p{L}*|brûl\p{L}*/iu,
    ],
    [/libèr\p{L}*|libér\p{L}*|dégag\p{L}*|émet\p{L}*/iu, /absorb\p{L}*|consomm\p{L}*/iu],
  ],
  de: [
    [/positiv\p{L}*/iu, /negativ\p{L}*/iu],
    [/maxim\p{L}*/iu, /minim\p{L}*/iu],
  ],
  es: [
    [/positiv[oa]s?/iu, /negativ[oa]s?/iu],
    [/máxim[oa]s?/iu, /mínim[oa]s?/iu],
    [/aument\p{L}*/iu, /disminu\p{L}*/iu],
  ],
  pt: [
    [/positiv[oa]s?/iu, /negativ[oa]s?/iu],
    [/máxim[oa]s?/iu, /mínim[oa]s?/iu],
    [/aument\p{L}*/iu, /diminu\p{L}*/iu],
  ],
  ru: [
    [/положительн\p{L}*/iu, /отрицательн\p{L}*/iu],
    [/максим\p{L}*/iu, /миним\p{L}*/iu],
    [
      // the verbs and their nouns ("рост цены", "при снижении цены")
      /увеличива\p{L}*|увеличени\p{L}*|возраста\p{L}*|возрастани\p{L}*|повыша\p{L}*|повышени\p{L}*|раст(?:[её]т|ут|ёт|ущ\p{L}*)|выраст\p{L}*|рост(?:а|е|ом|у)?/iu,
      /уменьша\p{L}*|уменьшени\p{L}*|убыва\p{L}*|понижа\p{L}*|понижени\p{L}*|снижа\p{L}*|снижени\p{L}*|пада(?:ет|ют|ющ\p{L}*)|падени\p{L}*|упа(?:л|ла|ли|дёт|дут)/iu,
    ],
    [
      /превраща\p{L}*|синтезиру\p{L}*|образу\p{L}*|созда\p{L}*/iu,
      /расщепля\p{L}*|разлага\p{L}*|разруша\p{L}*|сжига\p{L}*/iu,
    ],
    [/выделя\p{L}*|испуска\p{L}*/iu, /поглоща\p{L}*|потребля\p{L}*/iu],
  ],
  zh: [
    [/正(?=方向|梯度|数|值|号|电|极|相关|向)/u, /负(?=方向|梯度|数|值|号|电|极|相关|向)/u],
    [/最大/u, /最小/u],
    [/增大|增加|上升|升高|提高|变大/u, /减小|减少|下降|降低|变小/u],
    [/加快|加速|变快/u, /减慢|减速|变慢/u],
    [/合成|生成|产生|制造|转化为|转变为|变成/u, /分解|破坏|燃烧/u],
    [/释放|放出|排出/u, /吸收|消耗/u],
  ],
  ja: [
    [/正(?=の|方向|数|値|号|極|相関)/u, /負(?=の|方向|数|値|号|極|相関)/u],
    [/最大/u, /最小/u],
    [/増加|増大|上昇|大きく|高め|上げ/u, /減少|減小|低下|小さく|低め|下げ/u],
    // the native verbs beside the Sino-Japanese ones, in kana too ("つくる", "取り入れる")
    [/合成|生成|作る|作り|作ら|作っ|つくる|つくり|つくら|つくっ|産生|変換/u, /分解|破壊|燃焼/u],
    [/放出|排出/u, /吸収|消費|取り入れ|取り込/u],
  ],
};

/**
 * Comparatives of speed and size, read only beside the word they qualify ("a faster response" against "slow the
 * response"): turned round with their two sides ("Y is slower than X") they state the same, so they never
 * count as opposites on their own.
 */
const COMPARATIVE: Record<string, [RegExp, RegExp][]> = {
  en: [
    [/fast(?:er|est)?|quick(?:er|est|ly)?|rapid(?:ly)?/iu, /slow(?:er|est|ly|s|ed)?/iu],
    [/more/iu, /less|fewer/iu],
    [/higher|larger|bigger|greater/iu, /lower|smaller|less/iu],
  ],
  zh: [[/快/u, /慢/u]],
  ja: [[/速|早/u, /遅/u]],
};

const polarMatches = (text: string, re: RegExp) =>
  CJK_CHAR.test(re.source)
    ? [...text.matchAll(new RegExp(re.source, "gu"))]
    : [...text.matchAll(new RegExp(`(?<![\\p{L}])(?:${re.source})(?![\\p{L}])`, "giu"))];

/** A polar word of a text with the content words right beside it (none past a clause end or another polar word). */
interface AnchoredPolar {
  group: number;
  side: 0 | 1;
  before: string | null;
  after: string | null;
  /** Where its clause starts. */
  clause: number;
}

function anchoredPolars(
  x: { text: string; tokens: Token[] },
  pairs: [RegExp, RegExp][],
  content: (t: Token) => string | null,
): AnchoredPolar[] {
  const spans: { start: number; end: number; group: number; side: 0 | 1 }[] = [];
  pairs.forEach((pair, group) =>
    pair.forEach((re, side) => {
      for (const m of polarMatches(x.text, re))
        spans.push({ start: m.index, end: m.index + m[0].length, group, side: side as 0 | 1 });
    }),
  );
  const polarAt = (t: Token) => spans.some((p) => t.start < p.end && t.end > p.start);
  const ends = (from: number, to: number) => /[,;:，；：、。.!?！？\n]/u.test(x.text.slice(from, to));
  const words = x.tokens.filter((t) => polarAt(t) || content(t) !== null);
  const clauseOf = (at: number) => {
    const start = Math.max(
      ...[...x.text.slice(0, at).matchAll(CLAUSE_END)].map((m) => m.index + m[0].length),
      0,
    );
    const rest = x.text.slice(at).search(CLAUSE_END);
    return { start, end: rest < 0 ? x.text.length : at + rest };
  };
  return spans
    .map((p) => {
      const prev = words.filter((t) => t.end <= p.start).at(-1);
      const next = words.find((t) => t.start >= p.end);
      const anchor = (t: Token | undefined, from: number, to: number) =>
        t && !polarAt(t) && !ends(from, to) ? content(t) : null;
      const clause = clauseOf(p.start);
      return {
        group: p.group,
        side: p.side,
        before: anchor(prev, prev?.end ?? 0, p.start),
        after: anchor(next, p.end, next?.start ?? 0),
        // a comparison after it ("a lower latency than …") turns round rightly with its two sides
        compared: COMPARED.test(x.text.slice(p.end, clause.end)),
        clause: clause.start,
      };
    })
    .filter((p) => !p.compared);
}

/** A comparison marker: what stands after it is the other side of the comparison. */
const COMPARED = /(?<![\p{L}])(?:than|que|qu['’]|als|чем|que)(?![\p{L}])|比|より/iu;

/**
 * Whether `answer` states a polar word of `point` the other way beside the same word: "需求量增加" for
 * "价格上升时需求量减少" (the point's "上升" does not hide it), "lowering interest rates" for "raising interest
 * rates", "slow the response" for "a faster response". The answer may not state the point's own word beside it.
 */
export function statesOppositeBeside(
  point: { text: string; tokens: Token[] },
  answer: { text: string; tokens: Token[] },
  lang: string,
  content: (t: Token) => string | null,
): boolean {
  const pairs = [...(POLAR[lang] ?? []), ...(COMPARATIVE[lang] ?? [])];
  if (pairs.length === 0) return false;
  const said = anchoredPolars(answer, pairs, content);
  const beside = (a: AnchoredPolar, b: AnchoredPolar) =>
    (a.before !== null && a.before === b.before) || (a.after !== null && a.after === b.after);
  const stated = anchoredPolars(point, pairs, content);
  // the answer's clause states the other word of the pair too, beside words the point does not put it beside
  // ("the positive passages … serve as its negatives"): which of the two answers the point is not told
  const both = (a: AnchoredPolar) =>
    said.some(
      (o) =>
        o.group === a.group &&
        o.side !== a.side &&
        o.clause === a.clause &&
        !stated.some((p) => p.group === o.group && p.side === o.side && beside(p, o)),
    );
  return stated.some(
    (p) =>
      // a word the point itself puts beside both words of a pair ("l'augmentation du nombre … la diminution
      // du nombre") tells nothing
      !stated.some((o) => o.group === p.group && o.side !== p.side && beside(o, p)) &&
      said.some((a) => a.group === p.group && a.side !== p.side && !both(a) && beside(a, p)) &&
      !said.some((a) => a.group === p.group && a.side === p.side && beside(a, p)),
  );
}

/**
 * The words of one side of a polar pair are one word to the grader ("下降" says "减少", "falls" says
 * "decreases"): a shared key for a token that is one of them, else null.
 */
export function polarKey(word: string, lang: string): string | null {
  const pairs = POLAR[lang];
  if (!pairs || !word) return null;
  for (const [group, pair] of pairs.entries())
    for (const [side, re] of pair.entries())
      if (new RegExp(`^(?:${re.source})$`, "iu").test(word)) return `~${group}.${side}`;
  return null;
}

/** A polar word standing as a word of its own (in CJK text, anywhere). */
function holds(text: string, re: RegExp): boolean {
  if (CJK_CHAR.test(re.source)) return re.test(text);
  return new RegExp(`(?<![\\p{L}])(?:${re.source})(?![\\p{L}])`, "iu").test(text);
}

/**
 * Whether a clause of `answer` that restates the `index`-th of `points` (it holds more of that point's content
 * words than of any other's, and at least half of them) states one of its polar words the other way: the
 * opposite, without the point's own word, where the point has no opposite.
 */
export function statesOpposite(
  points: { text: string; tokens: Token[] }[],
  index: number,
  answer: { text: string; tokens: Token[] },
  lang: string,
  content: (t: Token) => string | null,
): boolean {
  const pairs = POLAR[lang];
  const point = points[index]!;
  if (!pairs || !pairs.some(([a, b]) => holds(point.text, a) || holds(point.text, b))) return false;
  const unitsOf = (x: { text: string; tokens: Token[] }) =>
    new Set(clausesOf(x.text, x.tokens, lang, content).flatMap((c) => c.units.map((u) => u.key)));
  const pointUnits = points.map(unitsOf);
  const clauses = clausesOf(answer.text, answer.tokens, lang, content);
  // each clause, then each whole sentence: a process turned round may spread its words over a sentence's
  // clauses ("burns glucose with oxygen to release energy, carbon dioxide and water")
  const spans: { start: number; end: number; keys: string[] }[] = clauses.map((c) => ({
    start: c.start,
    end: c.end,
    keys: c.units.map((u) => u.key),
  }));
  for (const m of answer.text.matchAll(/[^。.!?！？\n]+/gu)) {
    const [start, end] = [m.index, m.index + m[0].length];
    const inside = clauses.filter((c) => c.start >= start && c.end <= end);
    if (inside.length > 1) spans.push({ start, end, keys: inside.flatMap((c) => c.units.map((u) => u.key)) });
  }
  for (const clause of spans) {
    const text = answer.text.slice(clause.start, clause.end);
    const keys = new Set(clause.keys);
    const share = pointUnits.map(
      (units) => [...units].filter((k) => keys.has(k)).length / Math.max(1, units.size),
    );
    // the point it restates holds more of the words only it has than any other point ("酶提高化学反应的活化能"
    // restates "酶降低化学反应的活化能…", not "酶在反应前后本身不被消耗" for sharing 酶 and 反应 with it)
    const owned = pointUnits.map(
      (units, k) =>
        [...units].filter((u) => keys.has(u) && !pointUnits.some((other, j) => j !== k && other.has(u)))
          .length,
    );
    if (share[index]! < 0.5 || owned.some((v, k) => k !== index && v > owned[index]!)) continue;
    if (owned[index] === 0 && share.some((v) => v > share[index]!)) continue;
    for (const [a, b] of pairs)
      for (const [own, other] of [
        [a, b],
        [b, a],
      ] as const)
        if (holds(point.text, own) && !holds(point.text, other) && holds(text, other) && !holds(text, own))
          return true;
  }
  return false;
}
