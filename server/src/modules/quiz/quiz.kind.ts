import { quizContract } from "@beannote/contract";
import { quizGenerators } from "../../engine/quiz/generator";
import { defineArtefactKind } from "../artefacts/artefact-kind";
import { createGenerateQuizJob, saveQuestions } from "./generate-quiz.job";
import { quizRoutes } from "./quiz.routes";
import { copyQuizzes, createQuizService, generateQuizJob, presentSummary } from "./quiz.service";

/**
 * Quizzes: many per note, each a row that waits for its questions (written by a job enqueued with it) and
 * keeps its job's id, so its generation is followed by that job rather than the note's latest. Free-text
 * answers are graded on the request by the configured engine.
 */
export const quizKind = defineArtefactKind({
  name: "quiz",
  contract: quizContract,
  price: "quiz",
  job: { spec: generateQuizJob, create: createGenerateQuizJob },
  generate: { engine: quizGenerators },
  save: saveQuestions,
  present: presentSummary,
  copy: copyQuizzes,
  release: null,
  routes: (deps) => quizRoutes(createQuizService(deps)),
});
