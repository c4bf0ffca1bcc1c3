import type { TranslateNoteResponse } from "@beannote/contract/translate";
import type { OutputLanguage } from "@beannote/contract/limits";
import { apiPath } from "@beannote/contract/paths";
import { request } from "../../api/client";

/** `POST /note/:noteId/translate`: starts a job that writes a new note in `targetLanguage`. */
export const translateApi = {
  start: (noteId: string, targetLanguage: OutputLanguage) =>
    request<TranslateNoteResponse>("POST", apiPath("noteTranslate", { noteId }), {
      body: { targetLanguage },
    }),
};
