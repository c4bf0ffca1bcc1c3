import { z } from "zod";
import { sectionPrompt } from "../section-prompt";
import { languageName } from "../labels";
import { isMalformed, pool, UnusableAnswerError, type ModelClient } from "../model-client";
import type { NoteMaterial } from "../note-material";
import { podcastLabelsFor, type PodcastLabels } from "../study-labels";
import { estimateTokens } from "../text";
import type { PodcastScriptRequest } from "../types";
import { offlineChapter, thirdPerson } from "./offline";
import {
  alternate,
  assembleScript,
  inventedNumbers,
  noteNumbers,
  planChapters,
  type ChapterPlan,
  type PodcastScript,
  type ScriptChapter,
  type ScriptLine,
} from "./script";

/** What the model returns for one chapter. */
export const chapterAnswerSchema = z.object({
  lines: z
    .array(
      z.object({
        speaker: z.enum(["host", "guest"]),
        section: z.string(),
        text: z.string().max(1200),
      }),
    )
    .min(2)
    .max(60),
});
type ChapterAnswer = z.infer<typeof chapterAnswerSchema>;

function systemPrompt(material: NoteMaterial, plan: ChapterPlan, position: string): string {
  const lang = `${languageName(material.outputLanguage, "en")} (${material.outputLanguage})`;
  const { host, guest } = podcastLabelsFor(material.outputLanguage).hosts;
  return [
    "You write one chapter of a two-host study podcast from a student's notes.",
    `Write every line in ${lang}. The host, ${host}, explains; the guest, ${guest}, asks questions, reacts and recaps.`,
    `This is the ${position} chapter, about “${plan.title}”. The host opens it; the guest's recap closes it. The speakers alternate.`,
    `Write about ${plan.budget} characters of dialogue in total (a CJK character counts three), as natural spoken sentences: no lists, no Markdown, no stage directions.`,
    "Say only what the given sections say. Never add a fact, a quote, a name or a number that is not in them: keep numbers, formulas and names exactly as written.",
    'This is spoken: a formula written in LaTeX ($…$) is said in words, the way a teacher reads it aloud ("E equals m c squared"), never as LaTeX.',
    "Do not greet the listeners or say goodbye: the episode has its own opening and closing.",
    'The guest asks what a student would ask about the concepts: what a term means, why, an example, what a number means. Never ask a generic question ("Tell me more", "Any numbers to remember?") and never the same question twice; the host answers every question with a statement, never with another question.',
    'The host speaks of the source in the third person ("the author", "the course"), never in its "I" or "we".',
    'Name the section each line is drawn from by its id. Answer with JSON only: {"lines":[{"speaker":"host","section":"S3","text":"…"}]}',
  ].join("\n");
}

/**
 * The chapter's lines from the model's answer: known sections only, consecutive lines of one speaker
 * merged, opened by the host and closed by the guest (template lines added where the model did not).
 */
function chapterFrom(
  answer: ChapterAnswer,
  plan: ChapterPlan,
  material: NoteMaterial,
  position: { index: number; count: number },
  asked: Set<string>,
): ScriptChapter {
  const labels = podcastLabelsFor(material.outputLanguage);
  const ids = new Map(plan.sections.map((s) => [`S${s.index + 1}`, s.index]));
  const first = plan.sections[0]!.index;
  let lines: ScriptLine[] = answer.lines.flatMap((l) => {
    const sectionIndex = ids.get(l.section.trim());
    const text = l.text.replace(/\s+/g, " ").trim();
    return sectionIndex === undefined || !text
      ? []
      : [{ speaker: l.speaker, text, sectionIndex, quote: text }];
  });
  lines = alternate(dialogueRules(lines, labels, asked));
  if (lines.length === 0) throw new UnusableAnswerError("no line names a section of the chapter");
  if (lines[0]!.speaker !== "host") {
    const enter = position.index === 0 ? labels.enterFirst(plan.title) : labels.enterNext[0]!(plan.title);
    lines.unshift({ speaker: "host", text: enter, sectionIndex: first, quote: plan.title });
  }
  if (lines[lines.length - 1]!.speaker !== "guest")
    lines.push({
      speaker: "guest",
      text: labels.recapPlain(plan.title),
      sectionIndex: first,
      quote: plan.title,
    });
  return { kind: "section", title: plan.title, sectionIndexes: plan.sections.map((s) => s.index), lines };
}

const QUESTION_END = /[?？]\s*["”»」』)）]?\s*$/u;
const questionKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The model's lines held to the offline dialogue's rules: a guest question asked before in the episode, or a
 * generic one ("Tell me more.") a second time, goes; a host's question after the guest's is no answer and
 * goes; the host says the source's first person in the third person.
 */
export function dialogueRules(lines: ScriptLine[], labels: PodcastLabels, asked: Set<string>): ScriptLine[] {
  const generic = [labels.askNumbers, ...labels.askMore.map((ask) => ask(""))]
    .map(questionKey)
    .filter((key) => key.length >= 4);
  const out: ScriptLine[] = [];
  let afterQuestion = false; // the line before, kept or not, was the guest's question
  for (const line of lines) {
    const previous = out[out.length - 1];
    const answering = afterQuestion;
    const key = questionKey(line.text);
    const template = line.speaker === "guest" ? generic.find((g) => key.includes(g)) : undefined;
    afterQuestion = line.speaker === "guest" && (QUESTION_END.test(line.text) || template !== undefined);
    if (afterQuestion) {
      const asks = template ? `generic:${template}` : key;
      if (asked.has(asks) || asked.has(key)) continue;
      asked.add(asks).add(key);
      out.push(line);
      continue;
    }
    if (line.speaker === "host") {
      let text = line.text;
      if (answering)
        // keep the statements of an answer, drop the question it ends on (or is)
        text = text
          .split(/(?<=[.!?。！？])\s*/u)
          .filter((sentence) => !QUESTION_END.test(sentence))
          .join(" ")
          .trim();
      if (!text) {
        if (previous?.speaker === "guest" && QUESTION_END.test(previous.text)) out.pop(); // left unanswered
        continue;
      }
      out.push({ ...line, text: thirdPerson(text, labels) });
      continue;
    }
    out.push(line);
  }
  return out;
}

/**
 * A script written by the model, a chapter per request; a chapter whose answer keeps inventing numbers
 * (after two more asks) or stays malformed is written offline.
 */
export async function llmPodcastScript(
  client: ModelClient,
  req: PodcastScriptRequest,
): Promise<PodcastScript> {
  const { material } = req;
  const plans = planChapters(material, req.length);
  const known = noteNumbers(material);
  const asked = new Set<string>(); // the guest's questions over the episode: none twice
  let finished = 0;
  const chapters = await pool(
    plans.map((plan, index) => async () => {
      const position = { index, count: plans.length };
      const where = index === 0 ? "first" : index === plans.length - 1 ? "last" : "next";
      let text = plan.sections.map(sectionPrompt).join("\n");
      const budget = client.inputBudget;
      if (estimateTokens(text) > budget)
        text = text.slice(0, Math.floor((text.length * budget) / estimateTokens(text)));
      let chapter: ScriptChapter;
      try {
        let built: ScriptChapter | undefined;
        await client.askJson(chapterAnswerSchema, {
          system: systemPrompt(material, plan, where),
          prompt: `Notes: ${material.title}\n\n${text}`,
          signal: req.signal,
          check(answer) {
            const invented = answer.lines.flatMap((l) => inventedNumbers(l.text, known));
            if (invented.length)
              throw new UnusableAnswerError(`numbers not in the note: ${invented.join(", ")}`);
            built = chapterFrom(answer, plan, material, position, asked);
          },
        });
        chapter = built!;
      } catch (e) {
        if (!isMalformed(e)) throw e;
        chapter = offlineChapter(plan, material, position, asked);
      }
      req.onProgress?.(++finished, plans.length);
      return chapter;
    }),
    client.concurrency,
  );
  return assembleScript(material, plans, chapters);
}
