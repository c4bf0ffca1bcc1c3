import type {
  AnswerQuizRequest,
  AnswerQuizResponse,
  CreateQuizRequest,
  CreateQuizResponse,
  QuizDetail,
  QuizHistoryResponse,
  RetryQuizResponse,
} from "@beannote/contract";
import { request } from "../../api/client";

const quizPath = (quizId: string) => `/quiz/${encodeURIComponent(quizId)}`;

/** The quiz calls, typed by the contract. */
export const quizApi = {
  create: (noteId: string, body: CreateQuizRequest) =>
    request<CreateQuizResponse>("POST", `/note/${encodeURIComponent(noteId)}/quiz`, { body }),
  noteHistory: (noteId: string) =>
    request<QuizHistoryResponse>("GET", `/note/${encodeURIComponent(noteId)}/quizzes`),
  history: (limit?: number) => request<QuizHistoryResponse>("GET", "/quizzes", { query: { limit } }),
  detail: (quizId: string) => request<QuizDetail>("GET", quizPath(quizId)),
  answer: (quizId: string, body: AnswerQuizRequest) =>
    request<AnswerQuizResponse>("POST", `${quizPath(quizId)}/answer`, { body }),
  retry: (quizId: string) => request<RetryQuizResponse>("POST", `${quizPath(quizId)}/retry`),
};

/** TanStack Query keys of the quiz feature. */
export const quizKeys = {
  all: ["quiz"] as const,
  noteHistory: (noteId: string) => [...quizKeys.all, "note", noteId] as const,
  history: () => [...quizKeys.all, "history"] as const,
  detail: (quizId: string) => [...quizKeys.all, "detail", quizId] as const,
};
