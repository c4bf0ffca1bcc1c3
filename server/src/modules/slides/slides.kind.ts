import { slidesContract } from "@beannote/contract";
import { slidesGenerators } from "../../engine/slides/generator";
import { defineArtefactKind } from "../artefacts/artefact-kind";
import { createGenerateSlidesJob, saveSlides } from "./generate-slides.job";
import { createSlidesPdf } from "./slides-pdf";
import { slidesRoutes } from "./slides.routes";
import { copySlides, createSlidesService, generateSlidesJob, presentSlide } from "./slides.service";

/** Slides: one deck per note, written by a job, arranged by the student, exported as .pptx or PDF. */
export const slidesKind = defineArtefactKind({
  name: "slides",
  contract: slidesContract,
  price: "slides",
  job: { spec: generateSlidesJob, create: createGenerateSlidesJob },
  generate: { engine: slidesGenerators },
  save: saveSlides,
  present: presentSlide,
  copy: copySlides,
  release: null,
  routes: (deps) => {
    // PDF slides are printed by LibreOffice, one deck at a time per process
    const pdf = createSlidesPdf();
    return slidesRoutes(createSlidesService({ ...deps, pdf }), pdf);
  },
});
