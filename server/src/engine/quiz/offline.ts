import { maskFormulas } from "../formula";
import type { QuestionType } from "@beannote/contract";
import { isWholeSentence } from "../flashcards/card-rules";
import { headingFor } from "../flashcards/offline";
import { labelsFor } from "../labels";
import type { MaterialSection, MaterialSentence, NoteMaterial } from "../note-material";
import { normaliseForMatch, sectionSentences } from "../note-material";
import { isStopword } from "../stopwords";
import { quizLabelsFor, studyLabelsFor, type QuizLabels } from "../study-labels";
import { fitParticle, hasCjk, standsAlone } from "../text";
import { examOrder, slotTypes, type QuestionDraft, type QuizPlan } from "./question";
import {
  charLength,
  contentStems,
  questionKey,
  sameOrContains,
  scriptOf,
  seededRandom,
  shuffled,
} from "./quiz-text";

/** A key term of the note that can be an answer or a distractor. */
interface Term {
  text: string;
  norm: string;
  script: ReturnType<typeof scriptOf>;
  length: number;
  stems: string[];
}

/** A sentence of a section that names a key term once: what choice, judgment and statements are made of. */
interface KeySentence {
  text: string;
  term: Term;
  definition: boolean;
}

const MAX_STATEMENT = 240;
const CONTEXT_MAX = 4000;
const EXAMPLE =
  /\d|for example|for instance|e\.g\.|such as|例如|比如|譬如|例えば|예를 들어|par exemple|zum beispiel|z\. ?b\.|por ejemplo|por exemplo|например/iu;

/** Captions and notes about the text itself make poor questions. */
const CAPTION =
  /^(?:table|figure|fig\.|tab\.|图|表|図|그림|표|tableau|abbildung|tabelle|tabla|figura|tabela|таблица|рисунок)\s*[\d.]+\s*[:：.]?/iu;
const META =
  /^(?:in this (?:section|paper|work|chapter|article)|this (?:section|paper|chapter) |see (?:appendix|section|table|figure)|本节|本章|本文|下面|如下)/iu;

/** A sentence a question can be made of: not a caption, and mostly words (not a formula). */
function readable(text: string): boolean {
  if (CAPTION.test(text) || /^[^.!?。！？]*\s\d{1,3}$/u.test(text)) return false; // captions, contents lines
  const chars = text.replace(/\s+/g, "");
  const letters = chars.match(/[\p{L}]/gu)?.length ?? 0;
  return chars.length > 0 && letters / chars.length >= 0.7;
}

/** A term that names something (several words, a capital, a digit, or a longer word), not a common word. */
function specific(term: Term): boolean {
  if (term.script === "cjk") return term.length >= 3;
  // a Hangul syllable carries a Latin word's two or three letters: "염색체" is as specific as "chromosome"
  if (term.script === "hangul") return /\s/.test(term.text) || term.length >= 3;
  return /\s/.test(term.text) || /\p{Lu}|\d/u.test(term.text) || term.length >= 9;
}

/** Where `term` stands in `sentence` as a whole word (case ignored), or -1; -1 too when it stands twice. */
function onceAt(sentence: string, term: string): number {
  // looked for in the prose: a formula (or a piece of one) is never the blank
  const hay = maskFormulas(sentence).toLowerCase();
  const needle = term.toLowerCase();
  if (hay.length !== sentence.length) return -1;
  let found = -1;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!standsAlone(sentence, at, needle.length)) continue;
    if (found >= 0) return -1;
    found = at;
  }
  return found;
}

function replaceAt(sentence: string, at: number, length: number, by: string): string {
  const before = sentence.slice(0, at);
  // a replacement that opens the sentence keeps its capital letter
  const word = at === 0 && /^\p{Lu}/u.test(sentence) ? by.charAt(0).toUpperCase() + by.slice(1) : by;
  return before + word + fitParticle(word, sentence.slice(at + length));
}

/** The note's terms usable in questions: key terms and bold spans, headings and labels left out. */
function termPool(material: NoteMaterial): Term[] {
  const labels = labelsFor(material.outputLanguage);
  const excluded = new Set(
    [
      material.title,
      labels.overview,
      labels.keyTerms,
      labels.sources,
      ...material.sections.map((s) => s.heading),
    ].map(normaliseForMatch),
  );
  const seen = new Set<string>();
  const out: Term[] = [];
  const add = (raw: string) => {
    const text = raw.trim().replace(/[\s,，、;；:：.。]+$/u, "");
    const norm = normaliseForMatch(text);
    const length = charLength(text);
    if (!norm || seen.has(norm) || excluded.has(norm)) return;
    seen.add(norm);
    const script = scriptOf(text);
    if (length > 40 || length < (script === "cjk" || script === "hangul" ? 2 : 3)) return;
    const wordsOf = text.split(/\s+/);
    if (!hasCjk(text) && wordsOf.length > 5) return;
    // a phrase cut out of a sentence ("how secure", "results on") is no term
    if (wordsOf.length > 1 && [wordsOf[0]!, wordsOf.at(-1)!].some((w) => isStopword(w.toLowerCase()))) return;
    if (isStopword(text.toLowerCase()) || /^[\p{N}\p{P}\p{S}\s]+$/u.test(text)) return;
    out.push({ text, norm, script, length, stems: contentStems(text, material.bodyLanguage) });
  };
  material.keyTerms.forEach(add);
  for (const section of material.sections) for (const s of sectionSentences(section)) s.terms.forEach(add);
  return out.filter((t) => t.stems.length > 0);
}

/** A sentence that still says something once `term` is taken out. */
function blankable(sentence: string, term: Term): boolean {
  const rest = charLength(sentence) - term.length;
  return rest >= Math.max(hasCjk(sentence) ? 6 : 16, term.length * 2);
}

/** The text of sections as grading sees it: headings, sentences and table rows, cut to a few thousand characters. */
export function sectionContext(sections: MaterialSection[]): string {
  const text = sections
    .map((s) =>
      [
        s.heading,
        ...s.blocks.map((b) =>
          b.type === "table"
            ? b.rows.map((r) => r.join(" | ")).join("\n")
            : (b.type === "list" ? b.items : b.sentences).map((x) => x.text).join(" "),
        ),
      ].join("\n"),
    )
    .join("\n\n");
  return text.slice(0, CONTEXT_MAX);
}

/** Writes offline questions of a note: each section's candidates per type, built when they are picked. */
export function createOfflineQuizWriter(material: NoteMaterial, plan: Pick<QuizPlan, "seed">) {
  const random = seededRandom(plan.seed);
  const labels: QuizLabels = quizLabelsFor(material.outputLanguage);
  const blank = studyLabelsFor(material.outputLanguage).blank;
  const pool = termPool(material);
  const byNorm = new Map(pool.map((t) => [t.norm, t]));

  /** Terms like `answer` (same script, similar length), sharing no word with it, absent from `avoidText`. */
  function distractors(answer: Term, avoidText: string, n: number, also: Term[] = []): Term[] {
    const lowerAvoid = avoidText.toLowerCase();
    const answerStems = new Set(answer.stems);
    const ranked = pool
      .filter(
        (t) =>
          t.script === answer.script &&
          t.norm !== answer.norm &&
          t.length * 2 >= answer.length &&
          t.length <= answer.length * 2 + 2 &&
          !lowerAvoid.includes(t.text.toLowerCase()) &&
          !sameOrContains(t.text, answer.text) &&
          !t.stems.some((s) => answerStems.has(s)) &&
          !also.some((o) => sameOrContains(o.text, t.text) || o.stems.some((s) => t.stems.includes(s))),
      )
      .map((t) => ({ t, d: Math.abs(t.length - answer.length) + random() * 3 }))
      .sort((a, b) => a.d - b.d)
      .slice(0, n * 3)
      .map((x) => x.t);
    const picked: Term[] = [];
    for (const t of shuffled(ranked, random)) {
      if (picked.length >= n) break;
      if (picked.some((p) => sameOrContains(p.text, t.text) || p.stems.some((s) => t.stems.includes(s))))
        continue;
      picked.push(t);
    }
    return picked;
  }

  const keySentenceCache = new Map<number, KeySentence[]>();
  function keySentences(section: MaterialSection): KeySentence[] {
    const cached = keySentenceCache.get(section.index);
    if (cached) return cached;
    const out: KeySentence[] = [];
    keySentenceCache.set(section.index, out);
    const seen = new Set<string>();
    const visit = (s: MaterialSentence, wholeBlock: boolean, definition: boolean) => {
      const text = s.text.trim();
      if (
        charLength(text) > MAX_STATEMENT ||
        seen.has(text) ||
        !readable(text) ||
        META.test(text) ||
        !isWholeSentence(text, wholeBlock)
      )
        return;
      if (hasCjk(text) ? charLength(text) < 10 : text.split(/\s+/).length < 6) return;
      const candidates = [...s.terms, ...material.keyTerms.filter((k) => text.includes(k))];
      for (const raw of candidates) {
        const term = byNorm.get(normaliseForMatch(raw));
        if (!term || onceAt(text, term.text) < 0 || !blankable(text, term)) continue;
        seen.add(text);
        out.push({ text, term, definition });
        return;
      }
    };
    for (const b of section.blocks) {
      if (b.type === "definition") b.sentences.forEach((s) => visit(s, b.sentences.length === 1, true));
      else if (b.type === "paragraph") b.sentences.forEach((s) => visit(s, b.sentences.length === 1, false));
      else if (b.type === "list") b.items.forEach((s) => visit(s, true, false));
    }
    return out;
  }

  /**
   * The key points of sections: definitions, then sentences with key terms, then list items, then the rest;
   * over several sections the best of each in turn. Returned in note order.
   */
  function keyPoints(sections: MaterialSection[], max: number, skip: Set<string> = new Set()): string[] {
    const perSection: { text: string; rank: number; order: number }[][] = [];
    let order = 0;
    for (const section of sections) {
      const ranked: { text: string; rank: number; order: number }[] = [];
      for (const b of section.blocks) {
        if (b.type === "table") continue;
        const list = b.type === "list" ? b.items : b.sentences;
        for (const s of list) {
          const text = s.text.trim();
          order++;
          if (
            skip.has(text) ||
            charLength(text) > 320 ||
            !readable(text) ||
            META.test(text) ||
            !isWholeSentence(text, list.length === 1 || b.type === "list")
          )
            continue;
          const rank = b.type === "definition" ? 0 : s.terms.length > 0 ? 1 : b.type === "list" ? 2 : 3;
          ranked.push({ text, rank, order });
        }
      }
      if (ranked.length) perSection.push(ranked.sort((a, b) => a.rank - b.rank || a.order - b.order));
    }
    const picked: { text: string; order: number }[] = [];
    for (let round = 0; picked.length < max && perSection.some((r) => r.length > round); round++) {
      for (const ranked of perSection) if (ranked[round] && picked.length < max) picked.push(ranked[round]!);
    }
    return picked.sort((a, b) => a.order - b.order).map((r) => r.text);
  }

  /** The section of `sections` that holds a sentence (the first one when none does). */
  const origin = (sections: MaterialSection[], text: string): MaterialSection =>
    sections.find((s) => sectionSentences(s).some((x) => x.text.trim() === text)) ?? sections[0]!;

  const descendants = (section: MaterialSection): MaterialSection[] => {
    const out = [section];
    for (let i = section.index + 1; i < material.sections.length; i++) {
      const s = material.sections[i]!;
      if (s.depth <= section.depth) break;
      out.push(s);
    }
    return out;
  };

  const base = (section: MaterialSection, quote: string, sections: MaterialSection[] = [section]) => ({
    sectionIndex: section.index,
    quote,
    context: sectionContext(sections),
  });

  /** Every question of a type one section can give, best first, each built when it is picked. */
  function builders(section: MaterialSection, type: QuestionType, truth: () => boolean) {
    const sentences = keySentences(section);
    const heading = headingFor(section, material);
    const out: (() => QuestionDraft | null)[] = [];
    switch (type) {
      case "choice":
        for (const ks of [...sentences].sort(
          (a, b) =>
            Number(b.definition) - Number(a.definition) ||
            Number(specific(b.term)) - Number(specific(a.term)),
        )) {
          out.push(() => {
            const wrong = distractors(ks.term, ks.text, 3);
            if (wrong.length < 2) return null;
            const at = onceAt(ks.text, ks.term.text);
            const options = shuffled([ks.term.text, ...wrong.map((w) => w.text)], random);
            return {
              ...base(section, ks.text),
              type,
              question: labels.fillBlank(replaceAt(ks.text, at, ks.term.text.length, blank)),
              options,
              correct: [options.indexOf(ks.term.text)],
              referenceAnswer: ks.term.text,
              keyPoints: [],
              explanation: labels.choiceExplanation(ks.term.text, ks.text),
            };
          });
        }
        break;
      case "judgment":
        for (const ks of sentences) {
          out.push(() => {
            const wantTrue = truth();
            if (wantTrue)
              return {
                ...base(section, ks.text),
                type,
                question: ks.text,
                options: [],
                correct: [],
                statementTrue: true,
                referenceAnswer: labels.true,
                keyPoints: [],
                explanation: labels.judgmentTrue(ks.text),
              };
            const [swap] = distractors(ks.term, ks.text, 1);
            if (!swap) return null;
            const at = onceAt(ks.text, ks.term.text);
            return {
              ...base(section, ks.text),
              type,
              question: replaceAt(ks.text, at, ks.term.text.length, swap.text),
              options: [],
              correct: [],
              statementTrue: false,
              referenceAnswer: labels.false,
              keyPoints: [],
              explanation: labels.judgmentFalse(swap.text, ks.term.text, ks.text),
            };
          });
        }
        break;
      case "multiple_choice":
        out.push(() => statementsQuestion(section, heading, sentences));
        out.push(() => termsQuestion(section, heading));
        break;
      case "short_answer":
        for (const ks of sentences.filter((s) => s.definition)) {
          out.push(() => {
            const points = [
              ks.text,
              ...keyPoints([section], 3, new Set([ks.text])).filter((p) => p.includes(ks.term.text)),
            ].slice(0, 2);
            return {
              ...base(section, ks.text),
              type,
              question: labels.explainTerm(ks.term.text),
              options: [],
              correct: [],
              referenceAnswer: points.join("\n"),
              keyPoints: points,
              explanation: labels.freeTextExplanation(heading),
            };
          });
        }
        out.push(() => {
          const points = keyPoints([section], 3);
          if (points.length < 2) return null;
          return {
            ...base(section, points[0]!),
            type,
            question: labels.keyPoints(heading),
            options: [],
            correct: [],
            referenceAnswer: points.join("\n"),
            keyPoints: points,
            explanation: labels.freeTextExplanation(heading),
          };
        });
        break;
      case "case_analysis":
        out.push(() => {
          const all = keyPoints([section], 12);
          if (all.length < 3) return null;
          // the case: an example (numbers, "for example") long enough to analyse, else the longest sentence
          const long = all.filter((s) => charLength(s) >= (hasCjk(s) ? 15 : 50));
          const excerpt =
            long.find((s) => EXAMPLE.test(s)) ?? [...all].sort((a, b) => b.length - a.length)[0]!;
          const points = keyPoints([section], 3, new Set([excerpt]));
          if (points.length < 2) return null;
          return {
            ...base(section, excerpt),
            type,
            question: labels.caseAnalysis(heading, excerpt),
            options: [],
            correct: [],
            referenceAnswer: points.join("\n"),
            keyPoints: points,
            explanation: labels.freeTextExplanation(heading),
          };
        });
        break;
      case "discourse":
        out.push(() => {
          const family = descendants(section);
          const points = keyPoints(family, 5);
          if (points.length < 3) return null;
          // cited where its first point stands: the section itself when it has one
          const quote =
            points.find(
              (p) =>
                origin([section], p) === section &&
                sectionSentences(section).some((x) => x.text.trim() === p),
            ) ?? points[0]!;
          return {
            ...base(origin(family, quote), quote, family),
            type,
            question: labels.discourse(heading),
            options: [],
            correct: [],
            referenceAnswer: points.join("\n"),
            keyPoints: points,
            explanation: labels.freeTextExplanation(heading),
          };
        });
        break;
    }
    return out;
  }

  /** "Which statements are true": two or three of the section's sentences, the others with a term swapped. */
  function statementsQuestion(
    section: MaterialSection,
    heading: string,
    sentences: KeySentence[],
  ): QuestionDraft | null {
    const usable = shuffled(
      sentences.filter((s) => charLength(s.text) <= 200),
      random,
    );
    if (usable.length < 4) return null;
    const trueCount = usable.length >= 5 && random() < 0.5 ? 3 : 2;
    const truths = usable.slice(0, trueCount);
    const falses: string[] = [];
    for (const ks of usable.slice(trueCount)) {
      if (falses.length >= 2 || (falses.length >= 1 && truths.length + falses.length >= 5)) break;
      const [swap] = distractors(ks.term, ks.text, 1);
      if (swap)
        falses.push(replaceAt(ks.text, onceAt(ks.text, ks.term.text), ks.term.text.length, swap.text));
    }
    if (falses.length < 2) return null;
    const options = shuffled([...truths.map((t) => t.text), ...falses], random);
    const inNoteOrder = [...truths]
      .sort((a, b) => sentences.indexOf(a) - sentences.indexOf(b))
      .map((t) => t.text);
    return {
      ...base(section, truths[0]!.text),
      type: "multiple_choice",
      question: labels.trueStatements(heading),
      options,
      correct: truths.map((t) => options.indexOf(t.text)).sort((a, b) => a - b),
      referenceAnswer: inNoteOrder.join("\n"),
      keyPoints: [],
      explanation: labels.statementsExplanation(inNoteOrder),
    };
  }

  /** "Which does this section discuss": terms of the section beside key terms found only elsewhere. */
  function termsQuestion(section: MaterialSection, heading: string): QuestionDraft | null {
    const text = sectionSentences(section)
      .map((s) => s.text)
      .join(" ");
    const present = shuffled(
      pool.filter((t) => onceOrMore(text, t.text) && !sameOrContains(t.text, heading)),
      random,
    );
    const rights: Term[] = [];
    for (const t of present) {
      if (rights.length >= 3) break;
      if (!rights.some((r) => sameOrContains(r.text, t.text) || r.stems.some((s) => t.stems.includes(s))))
        rights.push(t);
    }
    if (rights.length < 2) return null;
    const wrong: Term[] = [];
    for (const r of rights) {
      for (const d of distractors(r, `${text} ${heading}`, 3, [...rights, ...wrong])) {
        if (wrong.length >= 2) break;
        if (!wrong.some((w) => w.norm === d.norm)) wrong.push(d);
      }
    }
    if (wrong.length < 2) return null;
    const rightTexts = rights.map((t) => t.text);
    const options = shuffled([...rightTexts, ...wrong.map((w) => w.text)], random);
    const quote =
      sectionSentences(section).find((s) => rightTexts.some((r) => s.text.includes(r)))?.text ?? text;
    return {
      ...base(section, quote),
      type: "multiple_choice",
      question: labels.termsDiscussed(heading),
      options,
      correct: rightTexts.map((t) => options.indexOf(t)).sort((a, b) => a - b),
      referenceAnswer: rightTexts.join(labels.listJoin),
      keyPoints: [],
      explanation: labels.termsExplanation(heading, rightTexts),
    };
  }

  return { builders };
}

function onceOrMore(text: string, term: string): boolean {
  const hay = text.toLowerCase();
  const needle = term.toLowerCase();
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (standsAlone(text, at, needle.length)) return true;
  }
  return false;
}

/**
 * A quiz drawn from the note itself: choice and multiple choice from its key sentences with distractors taken
 * from its other key terms, judgments from true sentences and ones with a term swapped, free-text prompts
 * from its definitions and sections with their key points as the reference. Questions are spread over the
 * sections (the least used section gives the next one) and come back in exam order. Deterministic per seed.
 */
export function offlineQuiz(material: NoteMaterial, plan: QuizPlan): QuestionDraft[] {
  const writer = createOfflineQuizWriter(material, plan);
  const random = seededRandom(`${plan.seed}:order`);
  const slots = slotTypes(plan.types, plan.count);
  const chosen = [...new Set(slots)];
  const sections = material.sections.filter(
    (s) => s.blocks.some((b) => b.type !== "table") && s.pages.length > 0,
  );
  // sections are visited from a random start, so that quizzes of one note differ
  const rotation = new Map(shuffled(sections, random).map((s, i) => [s.index, i]));
  const usage = new Map<number, number>();
  const usedQuotes = new Set<string>();
  const usedKeys = new Set<string>();
  let judgments = 0;
  // judgments alternate false, true, false…: a quiz's judgments are never all true
  const truth = () => judgments % 2 === 1;

  type Queue = { section: MaterialSection; taken: Set<number>; list: (() => QuestionDraft | null)[] };
  const queues = new Map<QuestionType, Queue[]>();
  /** Each builder runs once (a judgment once per truth value): a quiz of a long note asks many times. */
  const memo = (build: () => QuestionDraft | null, type: QuestionType) => {
    const results = new Map<boolean, QuestionDraft | null>();
    return () => {
      const at = type === "judgment" ? truth() : false;
      if (!results.has(at)) results.set(at, build());
      return results.get(at)!;
    };
  };
  const queuesOf = (type: QuestionType): Queue[] => {
    let q = queues.get(type);
    if (!q) {
      q = sections.map((section) => ({
        section,
        taken: new Set<number>(),
        list: writer.builders(section, type, truth).map((b) => memo(b, type)),
      }));
      queues.set(type, q);
    }
    return q;
  };

  /**
   * The next question of a type from the least used section; `level` 1 allows questions of the note's
   * earlier quizzes, 2 also a sentence another question was drawn from.
   */
  const take = (type: QuestionType, level: 0 | 1 | 2): QuestionDraft | null => {
    const order = [...queuesOf(type)].sort(
      (a, b) =>
        (usage.get(a.section.index) ?? 0) - (usage.get(b.section.index) ?? 0) ||
        rotation.get(a.section.index)! - rotation.get(b.section.index)!,
    );
    for (const queue of order) {
      for (let i = 0; i < queue.list.length; i++) {
        if (queue.taken.has(i)) continue;
        const draft = queue.list[i]!();
        if (!draft) continue;
        const key = questionKey(draft.type, draft.question);
        const quote = normaliseForMatch(draft.quote);
        if (usedKeys.has(key) || (level < 2 && usedQuotes.has(quote))) continue;
        if (level < 1 && plan.avoid?.has(key)) continue;
        queue.taken.add(i);
        usedKeys.add(key);
        usedQuotes.add(quote);
        usage.set(draft.sectionIndex, (usage.get(draft.sectionIndex) ?? 0) + 1);
        if (draft.type === "judgment") judgments++;
        return draft;
      }
    }
    return null;
  };

  const picked: QuestionDraft[] = [];
  let short = 0;
  for (const type of slots) {
    const draft = take(type, 0) ?? take(type, 1) ?? take(type, 2);
    if (draft) picked.push(draft);
    else short++;
  }
  // a type the note cannot give is made up by the other chosen types, in turn
  for (let round = 0; short > 0 && round < plan.count; round++) {
    let any = false;
    for (const type of chosen) {
      if (short === 0) break;
      const draft = take(type, 0) ?? take(type, 1) ?? take(type, 2);
      if (draft) {
        picked.push(draft);
        short--;
        any = true;
      }
    }
    if (!any) break;
  }
  return examOrder(picked);
}
