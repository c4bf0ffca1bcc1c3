import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  artefactJobResponse,
  generatePodcastRequest,
  noteIdParams,
  okResponse,
  podcastAudioQuery,
  podcastResponse,
} from "@beannote/contract";
import { AppError } from "../../http/app-error";
import { attachmentDisposition, safeFileName } from "../../http/attachment";
import { ok } from "../../http/envelope";
import type { PodcastService } from "./podcast.service";

const fieldCodes = { length: "PODCAST_LENGTH_INVALID" } as const;

export function podcastRoutes(podcasts: PodcastService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_ROUTES.notePodcast,
      {
        config: { fieldCodes },
        schema: {
          params: noteIdParams,
          body: generatePodcastRequest.optional(),
          response: okResponse(artefactJobResponse),
        },
      },
      async (request) =>
        ok(request, await podcasts.generate(request.user.userId, request.params.noteId, request.body ?? {})),
    );

    app.get(
      API_ROUTES.notePodcast,
      { schema: { params: noteIdParams, response: okResponse(podcastResponse) } },
      async (request) => ok(request, await podcasts.episode(request.user.userId, request.params.noteId)),
    );

    // Public: the signature in the query is the authorisation (see podcast.service audio()).
    app.get(
      API_ROUTES.notePodcastAudio,
      { config: { public: true }, schema: { params: noteIdParams, querystring: podcastAudioQuery } },
      async (request, reply) => {
        const audio = await podcasts
          .audio(request.params.noteId, request.query, request.headers.range)
          .catch((error: unknown) => {
            if (error instanceof AppError && error.code === "PODCAST_RANGE_INVALID")
              void reply.header("content-range", `bytes */${String(error.details?.size ?? "*")}`);
            throw error;
          });
        reply
          .header("content-type", "audio/mpeg")
          .header("accept-ranges", "bytes")
          .header("cache-control", "private, max-age=3600")
          .header("content-length", audio.part ? audio.part.end - audio.part.start + 1 : audio.size);
        if (request.query.download === "1")
          reply.header("content-disposition", attachmentDisposition(safeFileName(audio.row.title, "mp3")));
        if (audio.part) {
          reply
            .code(206)
            .header("content-range", `bytes ${audio.part.start}-${audio.part.end}/${audio.size}`);
        }
        return reply.send(audio.body);
      },
    );
  };
}
