import { podcastContract } from "@beannote/contract";
import { podcastGenerators } from "../../engine/podcast/generator";
import { defineArtefactKind } from "../artefacts/artefact-kind";
import { createGeneratePodcastJob } from "./generate-podcast.job";
import { podcastRepo } from "./podcast.repo";
import { podcastRoutes } from "./podcast.routes";
import {
  copyPodcast,
  createPodcastService,
  generatePodcastJob,
  podcastAudioReleaser,
  presentEpisode,
} from "./podcast.service";

/**
 * The podcast: one episode per note, its two-host script written by the engine and spoken by the speech
 * backend (the MP3 in storage, shared by copies of the note), played by a signed link.
 */
export const podcastKind = defineArtefactKind({
  name: "podcast",
  contract: podcastContract,
  price: "podcast",
  job: { spec: generatePodcastJob, create: createGeneratePodcastJob },
  generate: { engine: podcastGenerators },
  // the audio is stored first; the episode's rows then replace the previous episode's
  save: podcastRepo.replace,
  present: presentEpisode,
  copy: copyPodcast,
  release: ({ db, storage }) => podcastAudioReleaser(db, storage),
  routes: (deps) => podcastRoutes(createPodcastService(deps)),
});
