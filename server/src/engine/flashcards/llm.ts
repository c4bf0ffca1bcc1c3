import { z } from "zod";
import { languageName } from "../labels";
import { isMalformed, pool, type ModelClient } from "../model-client";
import { normaliseForMatch, type MaterialSection, type NoteMaterial } from "../note-material";
import { sectionPrompt } from "../section-prompt";
import { estimateTokens, primaryLanguage } from "../text";
import { groupByTokenBudget } from "../token-budget";
import type { FlashcardsRequest } from "../types";
import { frontKey, isBlankCard, isStudyableCard, modelCardProblem, type CardDraft } from "./card-rules";
import { MAX_BLANK_SHARE, writeOfflineFlashcards } from "./offline";
import { FLASHCARD_TEXT_MAX } from "@beannote/contract";

/** What the model returns for a group of sections. */
export const cardsAnswerSchema = z.object({
  cards: z.array(z.object({ section: z.string(), front: z.string(), back: z.string() })),
});

/** Groups sections, in order, into requests of at most `budget` tokens (a huge section is cut). */
export function sectionGroups(
  material: NoteMaterial,
  budget: number,
): { sections: MaterialSection[]; text: string }[] {
  return groupByTokenBudget(material.sections, sectionPrompt, budget).map((g) => ({
    sections: g.items,
    text: g.text,
  }));
}

function systemPrompt(material: NoteMaterial, count: number): string {
  const lang = `${languageName(material.outputLanguage, "en")} (${material.outputLanguage})`;
  return [
    "You write flashcards for students from their study notes, the way a tutor would: each card asks about a concept.",
    `Write every card in ${lang}.`,
    `Write about ${count} cards. One fact per card: the front asks, the back answers it and nothing else, in words that stand on their own (never ending on ":").`,
    'Prefer these kinds of card: a definition (term → meaning); a named result (theorem, law or formula name → what it states, with the formula); an enumeration ("the four stages of X" → all of them); a cause or purpose ("why …?"); a comparison (how two things differ); an acronym (→ its expansion); a number or date with its unit and subject; a fact read from a table with the table\'s own column header.',
    "At most 4 cards in 10 may be sentences with a blank ____, and a blank always stands for a concept (a term, a name, a number, a formula), never a function word, a verb, an adjective or part of a word. No two cards have the same back.",
    "Use only facts from the given sections. Keep formulas, numbers and names exactly as written. Never repeat the front on the back. Formulas are LaTeX between $…$ or $$…$$: copy them unchanged, with their $ signs, and never blank one out.",
    'Name the section each card comes from by its id. Answer with JSON only: {"cards":[{"section":"S3","front":"…","back":"…"}]}',
  ].join("\n");
}

/** Cards from the model, a group of sections per request; a group the model fails on is written offline. */
export async function llmFlashcards(client: ModelClient, req: FlashcardsRequest): Promise<CardDraft[]> {
  const { material } = req;
  const lang = primaryLanguage(material.outputLanguage);
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
          if (modelCardProblem({ front, back }, lang)) return [];
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
  // the deck's own rules: no front twice, no back twice, at most 40% blanks
  const out: CardDraft[] = [];
  const backs = new Set<string>();
  for (const card of results.flat()) {
    const key = frontKey(card.front);
    const back = normaliseForMatch(card.back);
    if (seen.has(key) || backs.has(back)) continue;
    seen.add(key);
    backs.add(back);
    out.push(card);
  }
  const deck = out.slice(0, req.count);
  const others = deck.filter((c) => !isBlankCard(c)).length;
  let blanksLeft = Math.max(Math.floor((others * MAX_BLANK_SHARE) / (1 - MAX_BLANK_SHARE)), 1);
  return deck.filter((c) => !isBlankCard(c) || blanksLeft-- > 0);
}
