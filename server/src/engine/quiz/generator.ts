import { defineGenerator } from "../generator";
import type { QuizRequest } from "../types";
import { offlineGradeWhenReady } from "./grade";
import { llmGrade, llmQuiz } from "./llm";
import { offlineQuiz } from "./offline";
import type { GradeOutcome, GradeRequest, QuestionDraft } from "./question";

/** The quiz's Engine methods: its questions, and the grade of a free-text answer. */
export const quizGenerators = {
  /** Questions of the planned types, spread over the note's sections (the job checks their keys). */
  quiz: defineGenerator<QuizRequest, QuestionDraft[]>({
    offline: (req) => offlineQuiz(req.material, req),
    llm: llmQuiz,
  }),
  /** Grades a free-text answer against its reference answer and source. */
  gradeAnswer: defineGenerator<GradeRequest, GradeOutcome>({
    offline: (req) => offlineGradeWhenReady(req),
    llm: llmGrade,
  }),
};
