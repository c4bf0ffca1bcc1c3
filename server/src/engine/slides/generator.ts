import { defineGenerator } from "../generator";
import type { SlidesRequest } from "../types";
import { llmSlides } from "./llm";
import { offlineSlides } from "./offline";
import type { SlideDraft } from "./slide-rules";

/** The slides' Engine method: a deck of title slide, agenda, one slide per idea (each naming its section),
 * summary. */
export const slidesGenerators = {
  slides: defineGenerator<SlidesRequest, SlideDraft[]>({
    offline: async (req) => offlineSlides(req.material, { maxSlides: req.maxSlides }),
    llm: llmSlides,
  }),
};
