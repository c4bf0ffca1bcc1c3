import { mindMapContract } from "@beannote/contract";
import { buildMindMap } from "../../engine";
import { defineArtefactKind } from "../artefacts/artefact-kind";
import { mindMapRoutes } from "./mind-map.routes";
import { createMindMapService, withFormulasAsWritten } from "./mind-map.service";

/**
 * The mind map: derived from the note's current text on every read (an edit shows at once), the same way
 * whatever the engine, so it has no job, no price, nothing stored and nothing to copy; a large note's map is
 * derived in a render thread.
 */
export const mindMapKind = defineArtefactKind({
  name: "mind-map",
  contract: mindMapContract,
  price: null,
  job: null,
  generate: { derive: buildMindMap },
  save: null,
  present: withFormulasAsWritten,
  copy: null,
  release: null,
  routes: (deps) =>
    mindMapRoutes(createMindMapService({ ...deps, perMinute: deps.config.EXPORTS_PER_MINUTE })),
});
