/** The offline engine cannot translate: a model is needed (`TRANSLATE_NEEDS_MODEL`). */
export class TranslateNeedsModelError extends Error {
  readonly code = "TRANSLATE_NEEDS_MODEL";
  constructor() {
    super("translation needs an AI model (AI_BASE_URL, AI_MODEL)");
  }
}

/** The model kept answering what cannot be used (`TRANSLATE_FAILED`). */
export class TranslateFailedError extends Error {
  readonly code = "TRANSLATE_FAILED";
}
