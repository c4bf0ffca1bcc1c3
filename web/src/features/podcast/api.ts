import {
  apiPath,
  type ArtefactJobResponse,
  type GeneratePodcastRequest,
  type PodcastResponse,
} from "@beannote/contract";
import { request } from "../../api/client";

/** The podcast calls, typed by the contract. The audio itself is fetched by the player from signed URLs. */
export const podcastApi = {
  get: (noteId: string) => request<PodcastResponse>("GET", apiPath("notePodcast", { noteId })),
  generate: (noteId: string, body: GeneratePodcastRequest) =>
    request<ArtefactJobResponse>("POST", apiPath("notePodcast", { noteId }), { body }),
};

/** TanStack Query keys of the podcast feature. */
export const podcastKeys = {
  all: ["podcast"] as const,
  episode: (noteId: string) => [...podcastKeys.all, "episode", noteId] as const,
};
