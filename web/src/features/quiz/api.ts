import {
  apiPath,
  type AnswerQuizRequest,
  type AnswerQuizResponse,
  type CreateQuizRequest,
  type CreateQuizResponse,
  type QuizDetail,
  type QuizHistoryResponse,
  type RetryQuizResponse,
} from "@beannote/contract";
import { request } from "../../api/client";

/** The quiz calls, typed by the contract. */
export const quizApi = {
  create: (noteId: string, body: CreateQuizRequest) =>
    request<CreateQuizResponse>("POST", apiPath("noteQuiz", { noteId }), { body }),
  noteHistory: (noteId: string) => request<QuizHistoryResponse>("GET", apiPath("noteQuizzes", { noteId })),
  history: (limit?: number) => request<QuizHistoryResponse>("GET", apiPath("quizzes"), { query: { limit } }),
  detail: (quizId: string) => request<QuizDetail>("GET", apiPath("quiz", { quizId })),
  answer: (quizId: string, body: AnswerQuizRequest) =>
    request<AnswerQuizResponse>("POST", apiPath("quizAnswer", { quizId }), { body }),
  retry: (quizId: string) => request<RetryQuizResponse>("POST", apiPath("quizRetry", { quizId })),
};

/** TanStack Query keys of the quiz feature. */
export const quizKeys = {
  all: ["quiz"] as const,
  noteHistory: (noteId: string) => [...quizKeys.all, "note", noteId] as const,
  history: () => [...quizKeys.all, "history"] as const,
  detail: (quizId: string) => [...quizKeys.all, "detail", quizId] as const,
};
