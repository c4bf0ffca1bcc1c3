import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  answerQuizRequest,
  answerQuizResponse,
  API_ROUTES,
  createQuizRequest,
  createQuizResponse,
  noteIdParams,
  okResponse,
  quizDetail,
  quizHistoryQuery,
  quizHistoryResponse,
  quizIdParams,
  retryQuizResponse,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { QuizService } from "./quiz.service";

/** A body field's schema violation answers with the field's own code. */
const fieldCodes = {
  types: "QUIZ_TYPE_REQUIRED",
  count: "QUIZ_COUNT_INVALID",
  answer: "QUIZ_ANSWER_INVALID",
  questionId: "ID_INVALID",
} as const;

export function quizRoutes(quizzes: QuizService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { fieldCodes };

    app.post(
      API_ROUTES.noteQuiz,
      {
        config,
        schema: { params: noteIdParams, body: createQuizRequest, response: okResponse(createQuizResponse) },
      },
      async (request) =>
        ok(request, await quizzes.create(request.user.userId, request.params.noteId, request.body)),
    );

    app.get(
      API_ROUTES.noteQuizzes,
      {
        schema: {
          params: noteIdParams,
          querystring: quizHistoryQuery,
          response: okResponse(quizHistoryResponse),
        },
      },
      async (request) =>
        ok(
          request,
          await quizzes.noteHistory(request.user.userId, request.params.noteId, request.query.limit),
        ),
    );

    app.get(
      API_ROUTES.quizzes,
      { schema: { querystring: quizHistoryQuery, response: okResponse(quizHistoryResponse) } },
      async (request) => ok(request, await quizzes.history(request.user.userId, request.query.limit)),
    );

    app.get(
      API_ROUTES.quiz,
      { schema: { params: quizIdParams, response: okResponse(quizDetail) } },
      async (request) => ok(request, await quizzes.detail(request.user.userId, request.params.quizId)),
    );

    app.post(
      API_ROUTES.quizAnswer,
      {
        config,
        schema: { params: quizIdParams, body: answerQuizRequest, response: okResponse(answerQuizResponse) },
      },
      async (request) =>
        ok(request, await quizzes.answer(request.user.userId, request.params.quizId, request.body)),
    );

    app.post(
      API_ROUTES.quizRetry,
      { schema: { params: quizIdParams, response: okResponse(retryQuizResponse) } },
      async (request) => ok(request, await quizzes.retry(request.user.userId, request.params.quizId)),
    );
  };
}
