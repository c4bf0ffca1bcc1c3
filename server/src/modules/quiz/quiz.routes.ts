import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  answerQuizRequest,
  createQuizRequest,
  noteIdParams,
  quizHistoryQuery,
  quizIdParams,
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
      "/note/:noteId/quiz",
      { config, schema: { params: noteIdParams, body: createQuizRequest } },
      async (request) =>
        ok(request, await quizzes.create(request.user.userId, request.params.noteId, request.body)),
    );

    app.get(
      "/note/:noteId/quizzes",
      { schema: { params: noteIdParams, querystring: quizHistoryQuery } },
      async (request) =>
        ok(
          request,
          await quizzes.noteHistory(request.user.userId, request.params.noteId, request.query.limit),
        ),
    );

    app.get("/quizzes", { schema: { querystring: quizHistoryQuery } }, async (request) =>
      ok(request, await quizzes.history(request.user.userId, request.query.limit)),
    );

    app.get("/quiz/:quizId", { schema: { params: quizIdParams } }, async (request) =>
      ok(request, await quizzes.detail(request.user.userId, request.params.quizId)),
    );

    app.post(
      "/quiz/:quizId/answer",
      { config, schema: { params: quizIdParams, body: answerQuizRequest } },
      async (request) =>
        ok(request, await quizzes.answer(request.user.userId, request.params.quizId, request.body)),
    );

    app.post("/quiz/:quizId/retry", { schema: { params: quizIdParams } }, async (request) =>
      ok(request, await quizzes.retry(request.user.userId, request.params.quizId)),
    );
  };
}
