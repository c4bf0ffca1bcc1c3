import { textLanguage } from "../../engine/nlp";

/** What a question asks for, which decides the sentence that answers it. */
export type QuestionKind = "definition" | "count" | "list" | "other";

// The grammar of asking, per language: what a question is, not what it is about.
const DEFINITION =
  /^\s*(?:what|who)\s+(?:is|are|was|were)\b|\bdefin(?:e|ition)\b|\bmeaning of\b|\bwhat does .+ mean\b|什么是|是什么|指什么|是指|的定义|何为|何谓|什么叫|^\s*что\s+(?:такое|значит|означает)|^\s*кто\s+так|определени|^\s*was\s+(?:ist|sind|bedeutet)|^\s*qu['’]est-ce qu|^\s*que signifie|^\s*qu[ée]\s+(?:es|son|significa)|^\s*o que (?:é|são|significa)|とは|って何|이란|란 무엇|무엇인가/iu;
const COUNT =
  /\bhow (?:many|much|long|old|large|big|often|far|high)\b|\bwhat (?:percentage|percent|number|year|amount|rate)\b|\bwhen\b|多少|几[个种次年天条步]|多长|多大|多久|哪一年|何时|什么时候|сколько|какой процент|в каком году|когда|wie (?:viele|viel|lange|hoch)|\bwann\b|combien|\bquand\b|cu[áa]nt[oa]s?|cu[áa]ndo|quant[oa]s?|quando|いくつ|何[個人年回]|いつ|どのくらい|몇|얼마/iu;
const LIST =
  /\bwhat are (?:the )?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|main|key|types|kinds|steps|stages)\b|\blist\b|\bname the\b|\bwhich (?:are|were)\b|哪些|哪几|有哪|[0-9一二三四五六七八九十两]+\s*(?:个|种|类|条|步|项|大)|какие|перечисл|назовите|^\s*welche|\bnennen\b|\bquels\b|\bquelles\b|citez|cu[áa]les|enumer|どんな|どのような|어떤/iu;

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

/** Words that only ask (never what is asked about); left out of the search terms. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    "many much mean meaning means define definition describe explain list name main kind kinds does did give tell " +
    "什么 哪些 哪个 哪 多少 多长 多久 多大 多远 多高 几 怎样 如何 为什么 吗 呢 什么样 定义 含义 意思 请问 是否 " +
    "что такое какой какая какие какое каков какова сколько как почему зачем ли назовите перечислите значит означает " +
    "was welche welcher wie viele viel warum bedeutet quel quelle quels quelles combien pourquoi comment signifie " +
    "qué cuál cuáles cuántos cuántas cómo significa quais qual quantos quantas como " +
    "何 なに いくつ いくら どの どう なぜ どんな 무엇 어떤 몇"
  ).split(/\s+/),
);

export function questionKind(question: string): QuestionKind {
  if (COUNT.test(question)) return "count";
  if (LIST.test(question)) return "list";
  if (DEFINITION.test(question)) return "definition";
  return "other";
}

/** The number of items a list question asks for ("what are the three …"), when it says. */
export function askedCount(question: string): number | undefined {
  const digits = /(\d+)\s*(?:个|种|类|条|步|项|大)?/u.exec(question);
  if (digits) {
    const n = Number(digits[1]);
    if (n >= 2 && n <= 30) return n;
  }
  for (const word of question.toLowerCase().split(/[^\p{L}]+|(?=[二两三四五六七八九十])/u)) {
    const first = NUMBER_WORDS[word] ?? NUMBER_WORDS[word.charAt(0)];
    if (first && (word.length > 1 || /\p{Script=Han}/u.test(word))) return first;
  }
  return undefined;
}

/** The language of a question, as a primary subtag. */
export const questionLanguage = (question: string, fallback: string): string => {
  const detected = textLanguage(question, fallback);
  return detected === "und" ? fallback : detected;
};

const NUMBER_IN_TEXT =
  /[\p{N}一二三四五六七八九十百千万亿两]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand|million|billion|half|twice|dozen)\b/iu;
/** Whether a sentence states a number (in figures or words). */
export const statesNumber = (text: string): boolean => NUMBER_IN_TEXT.test(text);

const DEFINING =
  /\b(?:is|are|was|were)\s+(?:an?|the|defined|called|known|used|said)\b|\brefers? to\b|\bmeans\b|\bdenotes?\b|\bis called\b|是指|称为|叫做|即为|定义为|是一种|是一个|指的是|[^不]是|—\s*это|\s(?:есть|является|называется|называют|означает)\s|\bist\s+(?:ein|eine|der|die|das)\b|\best\s+(?:un|une|le|la)\b|\bes\s+(?:un|una|el|la)\b|\bé\s+(?:um|uma|o|a)\b|とは|である|이란|은\s|는\s/iu;
/** Whether a sentence reads like a definition ("X is a …", "X 是指 …", "X — это …"). */
export const readsAsDefinition = (text: string): boolean => DEFINING.test(text);
