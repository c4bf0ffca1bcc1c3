import { defineGenerator } from "../generator";
import type { PodcastScriptRequest } from "../types";
import { llmPodcastScript } from "./llm";
import { offlinePodcastScript } from "./offline";
import type { PodcastScript } from "./script";

/** The podcast's Engine method: a two-host script (opening, a chapter per section or group of small ones,
 * closing), every line naming its section. */
export const podcastGenerators = {
  podcastScript: defineGenerator<PodcastScriptRequest, PodcastScript>({
    offline: async (req) => offlinePodcastScript(req.material, req.length),
    llm: llmPodcastScript,
  }),
};
