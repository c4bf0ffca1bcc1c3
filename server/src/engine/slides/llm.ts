import { SLIDE_BULLETS_MAX, SLIDES_MAX, SLIDES_MIN } from "@beannote/contract";
import { z } from "zod";
import { languageName } from "../labels";
import { isMalformed, pool, type ModelClient } from "../model-client";
import type { MaterialSection, NoteMaterial } from "../note-material";
import { sectionPrompt } from "../section-prompt";
import { groupByTokenBudget } from "../token-budget";
import type { SlidesRequest } from "../types";
import { chooseSections, FRAME_SLIDES, frameDeck, sectionSlide } from "./offline";
import {
  firstTable,
  slideBullets,
  slideTable,
  slideTitle,
  speakerNotes,
  type SlideDraft,
} from "./slide-rules";

/** What the model returns for a group of sections. */
export const slidesAnswerSchema = z.object({
  slides: z.array(
    z.object({
      section: z.string(),
      title: z.string(),
      bullets: z.array(z.string()),
      notes: z.string().default(""),
    }),
  ),
});

function systemPrompt(material: NoteMaterial, count: number): string {
  const lang = `${languageName(material.outputLanguage, "en")} (${material.outputLanguage})`;
  return [
    "You write lecture slides for students from their study notes.",
    `Write every slide in ${lang}.`,
    `Write about ${count} slides, one idea per slide, in the order of the sections.`,
    `Each slide: a short title, 1 to ${SLIDE_BULLETS_MAX} bullets of at most 12 words each (at most 25 characters in Chinese or Japanese), and speaker notes of 2 to 5 sentences carrying the detail the bullets leave out.`,
    "Use only facts from the given sections. Keep formulas, numbers and names exactly as written. Formulas are LaTeX between $…$ or $$…$$: copy them unchanged, with their $ signs, and never blank one out.",
    'Name the section each slide comes from by its id. Answer with JSON only: {"slides":[{"section":"S3","title":"…","bullets":["…"],"notes":"…"}]}',
  ].join("\n");
}

/** Groups the chosen sections, in order, into requests of at most `budget` tokens. */
function groupsOf(sections: MaterialSection[], budget: number) {
  return groupByTokenBudget(sections, sectionPrompt, budget).map((g) => ({
    sections: g.items,
    text: g.text,
  }));
}

/**
 * Slides from the model, a group of sections per request, held to the same rules as offline ones (≤ 6
 * short bullets, a title, notes); a table of the note stays on its section's first slide. A group the
 * model fails on is written offline. The deck's frame (title, agenda, summary) is built around them.
 */
export async function llmSlides(client: ModelClient, req: SlidesRequest): Promise<SlideDraft[]> {
  const { material } = req;
  const max = Math.max(SLIDES_MIN, Math.min(SLIDES_MAX, req.maxSlides));
  const slots = max - FRAME_SLIDES;
  const chosen = chooseSections(material, slots);
  const groups = groupsOf(chosen, client.inputBudget);
  let finished = 0;
  const results = await pool(
    groups.map((group) => async () => {
      const want = Math.max(1, Math.round((slots * group.sections.length) / Math.max(1, chosen.length)));
      const ids = new Map(group.sections.map((s) => [`S${s.index + 1}`, s]));
      let slides: SlideDraft[] = [];
      try {
        const answer = await client.askJson(slidesAnswerSchema, {
          system: systemPrompt(material, want),
          prompt: `Notes: ${material.title}\n\n${group.text}`,
          signal: req.signal,
        });
        const tabled = new Set<number>();
        slides = answer.slides.flatMap((s) => {
          const section = ids.get(s.section.trim());
          const title = slideTitle(s.title.trim());
          const bullets = slideBullets(s.bullets.map((b) => b.trim()));
          if (!section || !title || bullets.length === 0) return [];
          const rows = tabled.has(section.index) ? null : firstTable(section);
          if (rows) tabled.add(section.index);
          return [
            {
              kind: "content" as const,
              title,
              bullets,
              notes: speakerNotes(s.notes.split(/\n+/)),
              table: rows ? slideTable(rows) : null,
              sectionIndex: section.index,
              quote: `${bullets.join(" ")} ${s.notes}`,
            },
          ];
        });
      } catch (e) {
        if (!isMalformed(e)) throw e;
      }
      if (slides.length === 0) {
        slides = group.sections.flatMap((s) => sectionSlide(s, material) ?? []);
      }
      req.onProgress?.(++finished, groups.length);
      return slides.slice(0, want + 1);
    }),
    client.concurrency,
  );
  const content = results.flat().sort((a, b) => (a.sectionIndex ?? 0) - (b.sectionIndex ?? 0));
  return frameDeck(material, content.slice(0, slots));
}
