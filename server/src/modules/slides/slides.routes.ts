import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  artefactJobResponse,
  exportSlidesQuery,
  generateSlidesRequest,
  noteIdParams,
  okResponse,
  slideDeck,
  updateSlidesRequest,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import { safeFileName, sendAttachment } from "../../http/attachment";
import { buildSlidesPptx } from "./slides-pptx";
import type { SlidesPdf } from "./slides-pdf";
import type { SlidesService } from "./slides.service";

const fieldCodes = { maxSlides: "SLIDE_COUNT_INVALID", slides: "SLIDES_INVALID" } as const;

export function slidesRoutes(slides: SlidesService, pdf: SlidesPdf): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { fieldCodes };

    app.post(
      API_ROUTES.noteSlides,
      {
        config,
        schema: {
          params: noteIdParams,
          body: generateSlidesRequest.optional(),
          response: okResponse(artefactJobResponse),
        },
      },
      async (request) =>
        ok(request, await slides.generate(request.user.userId, request.params.noteId, request.body ?? {})),
    );

    app.get(
      API_ROUTES.noteSlides,
      { schema: { params: noteIdParams, response: okResponse(slideDeck) } },
      async (request) => ok(request, await slides.deck(request.user.userId, request.params.noteId)),
    );

    app.put(
      API_ROUTES.noteSlides,
      {
        config,
        schema: { params: noteIdParams, body: updateSlidesRequest, response: okResponse(slideDeck) },
      },
      async (request) =>
        ok(request, await slides.update(request.user.userId, request.params.noteId, request.body)),
    );

    app.get(
      API_ROUTES.noteSlidesExport,
      { schema: { params: noteIdParams, querystring: exportSlidesQuery } },
      async (request, reply) => {
        const deck = await slides.forExport(request.user.userId, request.params.noteId);
        const pptx = await buildSlidesPptx({
          title: deck.note.title,
          outputLanguage: deck.note.outputLanguage,
          slides: deck.slides,
          sourceNames: deck.sourceNames,
        });
        if (request.query.format === "pdf") {
          return sendAttachment(reply, {
            fileName: safeFileName(deck.note.title, "pdf"),
            contentType: "application/pdf",
            body: await pdf.fromPptx(pptx),
          });
        }
        return sendAttachment(reply, {
          fileName: safeFileName(deck.note.title, "pptx"),
          contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
          body: pptx,
        });
      },
    );
  };
}
