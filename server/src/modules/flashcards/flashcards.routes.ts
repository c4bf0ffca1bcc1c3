import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  artefactJobResponse,
  dueFlashcardsQuery,
  dueFlashcardsResponse,
  emptyData,
  exportFlashcardsQuery,
  flashcard,
  flashcardDeck,
  flashcardIdParams,
  flashcardInput,
  generateFlashcardsRequest,
  noteIdParams,
  okResponse,
  reviewFlashcardRequest,
  reviewFlashcardResponse,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import { safeFileName, sendAttachment } from "../../http/attachment";
import { flashcardsCsv, cardSource } from "./flashcards-export";
import { buildAnkiPackage } from "./anki-package";
import type { FlashcardService } from "./flashcards.service";

const fieldCodes = {
  front: "CARD_TEXT_INVALID",
  back: "CARD_TEXT_INVALID",
  count: "CARD_COUNT_INVALID",
  rating: "CARD_RATING_INVALID",
} as const;

export function flashcardsRoutes(cards: FlashcardService): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { fieldCodes };

    app.post(
      API_ROUTES.noteFlashcardsGenerate,
      {
        config,
        schema: {
          params: noteIdParams,
          body: generateFlashcardsRequest.optional(),
          response: okResponse(artefactJobResponse),
        },
      },
      async (request) =>
        ok(request, await cards.generate(request.user.userId, request.params.noteId, request.body ?? {})),
    );

    app.get(
      API_ROUTES.noteFlashcards,
      { schema: { params: noteIdParams, response: okResponse(flashcardDeck) } },
      async (request) => ok(request, await cards.deck(request.user.userId, request.params.noteId)),
    );

    app.post(
      API_ROUTES.noteFlashcards,
      { config, schema: { params: noteIdParams, body: flashcardInput, response: okResponse(flashcard) } },
      async (request) =>
        ok(request, await cards.add(request.user.userId, request.params.noteId, request.body)),
    );

    app.get(
      API_ROUTES.noteFlashcardsExport,
      { schema: { params: noteIdParams, querystring: exportFlashcardsQuery } },
      async (request, reply) => {
        const { note, rows, sourceNames } = await cards.forExport(request.user.userId, request.params.noteId);
        if (request.query.format === "apkg") {
          const body = await buildAnkiPackage({
            deckName: note.title,
            cards: rows.map((row) => ({
              front: row.front,
              back: row.back,
              source: cardSource(row, sourceNames),
            })),
          });
          return sendAttachment(reply, {
            fileName: safeFileName(note.title, "apkg"),
            contentType: "application/octet-stream",
            body,
          });
        }
        return sendAttachment(reply, {
          fileName: safeFileName(note.title, "csv"),
          contentType: "text/csv; charset=utf-8",
          body: flashcardsCsv(rows, sourceNames),
        });
      },
    );

    app.get(
      API_ROUTES.flashcardsDue,
      { schema: { querystring: dueFlashcardsQuery, response: okResponse(dueFlashcardsResponse) } },
      async (request) => ok(request, await cards.due(request.user.userId, request.query.limit)),
    );

    app.put(
      API_ROUTES.flashcard,
      {
        config,
        schema: { params: flashcardIdParams, body: flashcardInput, response: okResponse(flashcard) },
      },
      async (request) =>
        ok(request, await cards.edit(request.user.userId, request.params.cardId, request.body)),
    );

    app.delete(
      API_ROUTES.flashcard,
      { schema: { params: flashcardIdParams, response: okResponse(emptyData) } },
      async (request) => {
        await cards.remove(request.user.userId, request.params.cardId);
        return ok(request, {});
      },
    );

    app.post(
      API_ROUTES.flashcardReview,
      {
        config,
        schema: {
          params: flashcardIdParams,
          body: reviewFlashcardRequest,
          response: okResponse(reviewFlashcardResponse),
        },
      },
      async (request) =>
        ok(request, await cards.review(request.user.userId, request.params.cardId, request.body.rating)),
    );
  };
}
