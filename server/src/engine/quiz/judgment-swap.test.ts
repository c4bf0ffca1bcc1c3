import { describe, expect, it } from "vitest";
import { NOTES, quizzes } from "./review-notes.test-data";
import type { QuestionDraft } from "./question";

/** What a false judgment changed: the original's words and the swap's, the common start and end cut off. */
function swapped(q: QuestionDraft): { from: string; to: string; before: string } {
  const [a, b] = [q.quote, q.question];
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a.at(-1 - end) === b.at(-1 - end)) end++;
  // whole words
  while (start > 0 && /\p{L}/u.test(a[start - 1]!) && !/\p{Script=Han}/u.test(a[start - 1]!)) start--;
  return {
    from: a.slice(start, a.length - end),
    to: b.slice(start, b.length - end),
    before: b.slice(0, start),
  };
}

const falseJudgments = async (name: string) =>
  (await quizzes(NOTES[name]!, ["judgment"])).filter(
    (q) => q.type === "judgment" && q.statementTrue === false,
  );

describe("a false judgment keeps the sentence's grammar and is false", () => {
  it("French: the swap is a noun of the note, agreeing with the article before it ('le organise', 'des monarchie')", async () => {
    const items = await falseJudgments("fr");
    expect(items.length).toBeGreaterThan(0);
    for (const q of items) {
      expect(swapped(q).to, q.question).not.toMatch(/(?<!\p{L})organise(?!\p{L})/u);
      expect(q.question).not.toMatch(/(?<!\p{L})(?:le|la) [aeiouéèêh]/iu);
      for (const m of q.question.matchAll(/(?<!\p{L})(?:des|les) (\p{L}+)/gu))
        expect(m[1], q.question).toMatch(/[sx]$/u);
    }
  });

  it("Spanish: the article agrees with the swap's gender and number ('En la caso', 'sin importar el bienes')", async () => {
    const items = await falseJudgments("es");
    expect(items.length).toBeGreaterThan(0);
    const masculine = /^(?:precio|caso|bienes)$/u;
    const feminine = /^(?:oferta|demanda|ley|cantidad|necesidad|elasticidad|variación)$/u;
    for (const q of items) {
      for (const m of q.question.matchAll(/(?<!\p{L})(el|del|al|la) (\p{L}+)/gu)) {
        if (m[1] === "la") expect(m[2], q.question).not.toMatch(masculine);
        else {
          expect(m[2], q.question).not.toMatch(feminine);
          expect(m[2], q.question).not.toMatch(/s$/u);
        }
      }
    }
  });

  it("English: a plural is swapped for a plural, a singular for a singular ('the forcing steps is', 'the production' well-being')", async () => {
    const items = await falseJudgments("en");
    expect(items.length).toBeGreaterThan(0);
    for (const q of items) {
      expect(q.question).not.toMatch(/steps is/u);
      expect(q.question).not.toMatch(/(?<!s)' well-being/u);
    }
  });

  it("Chinese: no verb taking an object is swapped or swapped in ('选择一个分派', '并队列另一个进程')", async () => {
    const items = await falseJudgments("zh");
    for (const q of items) {
      const { from, to } = swapped(q);
      expect([from, to], q.question).not.toContain("启动");
      expect([from, to], q.question).not.toContain("分派");
      expect(q.question).not.toMatch(/并(?:队列|算法|调度|时间)另一个/u);
    }
  });

  it("Japanese: an adjectival noun or an adverb's phrase is no swap ('十分や膜タンパク質', '細胞膜は素早く拡散の二重層')", async () => {
    const items = await falseJudgments("ja");
    for (const q of items) {
      expect(swapped(q).to, q.question).not.toContain("十分");
      expect(swapped(q).to, q.question).not.toContain("素早く");
    }
  });

  it("Russian: a renamed sequence is no false statement ('$\\{x_{nk}\\}$' for '$\\{x_{n}\\}$' leaves it true)", async () => {
    const items = await falseJudgments("ru");
    for (const q of items) expect(q.question.includes("x_{nk}"), q.question).toBe(q.quote.includes("x_{nk}"));
  });
});
