import { translateContract } from "@beannote/contract";
import { translateGenerators } from "../../engine/translate/generator";
import { defineArtefactKind } from "../artefacts/artefact-kind";
import { derivedNotes } from "../notes/derived-notes";
import { createTranslateNoteJob, translateNoteJob } from "./translate.job";
import { translateRoutes } from "./translate.routes";
import { createTranslateService } from "./translate.service";

/**
 * Translation: a job writes a new note (the original's text in another language, part by part), so it is
 * presented, copied and deleted as a note; it needs a model (offline it is unavailable).
 */
export const translateKind = defineArtefactKind({
  name: "translate",
  contract: translateContract,
  price: "translation",
  job: { spec: translateNoteJob, create: createTranslateNoteJob },
  generate: { engine: translateGenerators },
  save: derivedNotes.finish,
  present: null,
  copy: null,
  release: null,
  routes: (deps) => translateRoutes(createTranslateService(deps)),
});
