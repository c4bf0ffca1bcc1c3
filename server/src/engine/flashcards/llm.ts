import { z } from "zod";
import { languageName } from "../labels";
import { isMalformed, pool, type ModelClient } from "../model-client";
import type { MaterialSection, NoteMaterial } from "../note-material";
import { estimateTokens } from "../text";
import type { FlashcardsRequest } from "../types";
import { frontKey, isStudyableCard, type CardDraft } from "./card-rules";
import { writeOfflineFlashcards } from "./offline";
import { FLASHCARD_TEXT_MAX } from "@beannote/contract";

/** What the model returns for a group of sections. */
export const cardsAnswerSchema = z.object({
  cards: z.array(z.object({ section: z.string(), front: z.string(), back: z.string() })),
});

/** A section as the model sees it: an id to name it by, its heading and its text. */
export function sectionPrompt(section: MaterialSection): string {
  const lines = section.blocks.flatMap((b) =>
    b.type === "table"
      ? b.rows.map((r) => `| ${r.join(" | ")} |`)
      : b.type === "list"
        ? b.items.map((i) => `- ${i.text}`)
        : [b.sentences.map((s) => s.text).join(" ")],
  );
  return `<section id="S${section.index + 1}">\nHeading: ${[...section.path, section.heading].join(" › ")}\n${lines.join("\n")}\n</section>`;
}

/** Groups sections, in order, into requests of at most `budget` tokens (a huge section is cut). */
export function sectionGroups(
  material: NoteMaterial,
  budget: number,
): { sections: MaterialSection[]; text: string }[] {
  const groups: { sections: MaterialSection[]; text: string; tokens: number }[] = [];
  for (const section of material.sections) {
    let text = sectionPrompt(section);
    let tokens = estimateTokens(text);
    if (tokens > budget) {
      text = `${text.slice(0, Math.floor((text.length * budget) / tokens / 1.2))}\n</section>`;
      tokens = estimateTokens(text);
    }
    const last = groups[groups.length - 1];
    if (last && last.tokens + tokens <= budget) {
      last.sections.push(section);
      last.text += `\n${text}`;
      last.tokens += tokens;
    } else groups.push({ sections: [section], text, tokens });
  }
  return groups;
}

function systemPrompt(material: NoteMaterial, count: number): string {
  const lang = `${languageName(material.outputLanguage, "en")} (${material.outputLanguage})`;
  return [
    "You write flashcards for students from their study notes.",
    `Write every card in ${lang}.`,
    `Write about ${count} cards. One fact per card: the front asks (a term, a question, or a sentence with a blank ____), the back answers it and nothing else.`,
    "Use only facts from the given sections. Keep formulas, numbers and names exactly as written. Never repeat the front on the back. Formulas are LaTeX between $…$ or $$…$$: copy them unchanged, with their $ signs, and never blank one out.",
    'Name the section each card comes from by its id. Answer with JSON only: {"cards":[{"section":"S3","front":"…","back":"…"}]}',
  ].join("\n");
}

/** Cards from the model, a group of sections per request; a group the model fails on is written offline. */
export async function llmFlashcards(client: ModelClient, req: FlashcardsRequest): Promise<CardDraft[]> {
  const { material } = req;
  const groups = sectionGroups(material, client.inputBudget);
  const totalTokens = groups.reduce((n, g) => n + estimateTokens(g.text), 0) || 1;
  const seen = new Set(req.exclude ?? []);
  let finished = 0;
  const results = await pool(
    groups.map((group) => async () => {
      const want = Math.max(1, Math.round((req.count * estimateTokens(group.text)) / totalTokens));
      const ids = new Map(group.sections.map((s) => [`S${s.index + 1}`, s.index]));
      let cards: CardDraft[];
      try {
        const answer = await client.askJson(cardsAnswerSchema, {
          system: systemPrompt(material, want),
          prompt: `Notes: ${material.title}\n\n${group.text}`,
          signal: req.signal,
        });
        cards = answer.cards.flatMap((c) => {
          const sectionIndex = ids.get(c.section.trim());
          const front = c.front.trim().slice(0, FLASHCARD_TEXT_MAX);
          const back = c.back.trim().slice(0, FLASHCARD_TEXT_MAX);
          if (sectionIndex === undefined || !isStudyableCard({ front, back })) return [];
          return [{ front, back, kind: "model" as const, sectionIndex, quote: `${back} ${front}` }];
        });
      } catch (e) {
        if (!isMalformed(e)) throw e;
        cards = [];
      }
      if (cards.length === 0) {
        const sub = { ...material, sections: group.sections };
        cards = await writeOfflineFlashcards(sub, { count: want });
      }
      req.onProgress?.(++finished, groups.length);
      return cards.slice(0, want + 2);
    }),
    client.concurrency,
  );
  const out: CardDraft[] = [];
  for (const card of results.flat()) {
    const key = frontKey(card.front);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(card);
  }
  return out.slice(0, req.count);
}
