import { defineGenerator } from "../generator";
import type { TranslatedNote, TranslateRequest } from "../types";
import { TranslateNeedsModelError } from "./errors";
import { llmTranslate } from "./llm";

/** Translation's Engine method: the note in another language; it needs a model. */
export const translateGenerators = {
  translate: defineGenerator<TranslateRequest, TranslatedNote>({
    // the offline engine has no way to write another language
    offline: async () => {
      throw new TranslateNeedsModelError();
    },
    llm: llmTranslate,
  }),
};
