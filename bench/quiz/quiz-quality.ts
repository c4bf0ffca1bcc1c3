/**
 * What a teacher would check first in a quiz, counted: questions delivered against asked, the types present,
 * options that are filler words (function words, bare verbs, adjectives, ordinals, word fragments), judgments
 * that are questions rather than statements, explanations that quote no source text, free-text references
 * taken from another section, questions about a heading several sections share, and case items whose key holds a
 * point sharing no content word with the passage (a key that does not answer the case).
 */
import { createRequire } from "node:module";
import type { QuestionDraft } from "../../server/src/engine/quiz/question";
import type { NoteMaterial } from "../../server/src/engine/note-material";
import { normaliseForMatch, sectionSentences } from "../../server/src/engine/note-material";
import { proseLanguage } from "../../server/src/engine/prose-language";
import { contentStems } from "../../server/src/engine/quiz/quiz-text";

const require = createRequire(import.meta.url);
const stopwordsIso = require("stopwords-iso") as Record<string, string[]>;
const winkNLP = require("wink-nlp") as (model: unknown) => {
  readDoc(text: string): { tokens(): { out(what: unknown): string[] } };
  its: { pos: unknown };
};
const englishModel = require("wink-eng-lite-web-model") as unknown;
const { Jieba } = require("@node-rs/jieba") as {
  Jieba: { withDict(d: unknown): { tag(t: string): { tag: string; word: string }[] } };
};
const { dict } = require("@node-rs/jieba/dict") as { dict: unknown };

let english: ReturnType<typeof winkNLP> | undefined;
let jieba: ReturnType<typeof Jieba.withDict> | undefined;

const ORDINAL =
  /^(?:first|second|third|fourth|fifth|last|premier|première|deuxième|troisième|erste|zweite|primero|segundo|primeiro|первый|второй|третий|第[一二三四五六七八九十\d]+|[一二三四五六七八九十]+つ目)$/iu;

/** An option a student could rule out by its word class alone: no concept, name, number or formula. */
export function isFillerOption(option: string, language: string): boolean {
  const text = option.trim().replace(/[.。,，;；:：]+$/u, "");
  const lower = text.toLowerCase();
  const lang = language.slice(0, 2);
  if (!text || ORDINAL.test(text)) return true;
  if (/\d|\$/.test(text)) return false; // a number or a formula is a value, not a word
  if (/^\p{L}{1,3}(?:-\p{L}{1,3})+$/u.test(text) && !/\p{Lu}/u.test(text)) return true; // "a-t-il"
  if ((stopwordsIso[lang] ?? []).includes(lower) || stopwordsIso.en!.includes(lower)) return true;
  if (/\d/u.test(text) || text.length > 40) return false;
  if (lang === "en" && !/\s/.test(text)) {
    english ??= winkNLP(englishModel);
    const pos = english.readDoc(text).tokens().out(english.its.pos);
    return pos.length === 1 && !["NOUN", "PROPN", "X", "SYM", "NUM"].includes(pos[0]!);
  }
  if (lang === "zh") {
    jieba ??= Jieba.withDict(dict);
    const tags = jieba.tag(text);
    // one dictionary word that names nothing: a conjunction, adverb, distinguishing adjective, numeral, verb
    return tags.length === 1 && /^(?:[cdbmpruvaqfyezk]|ad|vd|ag|dg|mq|ud|uj|ul|uv|uz|ug)$/.test(tags[0]!.tag);
  }
  return false;
}

const QUESTION_END = /[?？]\s*[」』”"»]?\s*$/u;

export interface QuizQuality {
  asked: number;
  delivered: number;
  types: Set<string>;
  options: number;
  fillerOptions: string[];
  judgments: number;
  judgmentQuestions: string[];
  noExplanation: string[];
  foreignReference: string[];
  sharedHeading: string[];
  cases: number;
  unrelatedCase: string[];
}

/** Whether a key point shares a content word (stem; a CJK pair of characters) with a case's passage. */
function sharesWord(passage: string, point: string, locale: string): boolean {
  const words = (text: string) => {
    const out = new Set(contentStems(text, locale).filter((w) => [...w].length >= 3));
    for (const run of text.match(/[\p{Script=Han}\p{Script=Katakana}]{2,}/gu) ?? [])
      for (let i = 0; i + 2 <= [...run].length; i++) out.add([...run].slice(i, i + 2).join(""));
    return out;
  };
  const a = words(passage);
  return [...words(point)].some((w) => a.has(w));
}

/** Whether the explanation quotes the note: some sentence of the cited section (or the quote) stands in it. */
function quotesSource(q: QuestionDraft, material: NoteMaterial): boolean {
  const explanation = normaliseForMatch(q.explanation);
  const texts = [q.quote, ...sectionSentences(material.sections[q.sectionIndex]!).map((s) => s.text)];
  return texts.some((t) => {
    const n = normaliseForMatch(t);
    return n.length >= 8 && explanation.includes(n.slice(0, Math.min(n.length, 40)));
  });
}

/** The sentences of a section and the sections under it. */
function familyText(material: NoteMaterial, index: number): string {
  const root = material.sections[index]!;
  const out = [root];
  for (let i = index + 1; i < material.sections.length && material.sections[i]!.depth > root.depth; i++)
    out.push(material.sections[i]!);
  return normaliseForMatch(out.flatMap((s) => sectionSentences(s).map((x) => x.text)).join(" "));
}

export function measureQuiz(material: NoteMaterial, asked: number, quiz: QuestionDraft[]): QuizQuality {
  const sample = material.sections.flatMap((s) => sectionSentences(s).map((x) => x.text)).join(" ");
  const language = proseLanguage([sample.slice(0, 8000)], material.bodyLanguage);
  const options = quiz.flatMap((q) => q.options);
  const judgments = quiz.filter((q) => q.type === "judgment");
  // a heading is shared when sections with different text carry it (a repeated copy is the same section)
  const textsOf = new Map<string, Set<string>>();
  for (const s of material.sections) {
    const text = normaliseForMatch(
      sectionSentences(s)
        .map((x) => x.text)
        .join(" "),
    );
    textsOf.set(s.heading, (textsOf.get(s.heading) ?? new Set()).add(text));
  }
  const shared = [...textsOf].filter(([h, texts]) => texts.size > 1 && h.length >= 2).map(([h]) => h);
  // a question names a section by its heading in quotes
  const names = (question: string, heading: string) =>
    [`“${heading}”`, `「${heading}」`, `« ${heading} »`, `„${heading}“`, `«${heading}»`, `"${heading}"`].some(
      (q) => question.includes(q),
    );
  return {
    asked,
    delivered: quiz.length,
    types: new Set(quiz.map((q) => q.type)),
    options: options.length,
    fillerOptions: options.filter((o) => isFillerOption(o, language)),
    judgments: judgments.length,
    judgmentQuestions: judgments.filter((q) => QUESTION_END.test(q.question)).map((q) => q.question),
    noExplanation: quiz.filter((q) => !quotesSource(q, material)).map((q) => `${q.type}: ${q.question}`),
    foreignReference: quiz
      .filter((q) => ["short_answer", "case_analysis", "discourse"].includes(q.type))
      .filter((q) => {
        const own = familyText(material, q.sectionIndex);
        return q.keyPoints.some((p) => !own.includes(normaliseForMatch(p)));
      })
      .map((q) => q.question),
    sharedHeading: quiz.filter((q) => shared.some((h) => names(q.question, h))).map((q) => q.question),
    cases: quiz.filter((q) => q.type === "case_analysis").length,
    unrelatedCase: quiz
      .filter((q) => q.type === "case_analysis")
      .filter((q) => q.keyPoints.some((p) => !sharesWord(q.quote, p, material.bodyLanguage)))
      .map((q) => q.question),
  };
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}%` : "—");

export function qualityLine(name: string, q: QuizQuality): string {
  return (
    `${name}: ${q.delivered}/${q.asked} questions, ${q.types.size} types` +
    `${q.types.size < 6 ? ` (${[...q.types].join(",")})` : ""}; filler options ${q.fillerOptions.length}/${q.options} ` +
    `(${pct(q.fillerOptions.length, q.options)}); judgments as questions ${q.judgmentQuestions.length}/${q.judgments}; ` +
    `no quoted explanation ${q.noExplanation.length}; reference from another section ${q.foreignReference.length}; ` +
    `shared heading ${q.sharedHeading.length}; case keys not answering ${q.unrelatedCase.length}/${q.cases}`
  );
}
