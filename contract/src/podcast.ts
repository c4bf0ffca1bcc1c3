import { z } from "zod";
import { artefactGeneration, citation } from "./artefacts";
import { OUTPUT_LANGUAGES } from "./limits";
import { defineKindContract } from "./kind-contract";

/** The podcast's part of the central lists (see kind-contract.ts): paths, route summaries, errors, price. */
export const podcastContract = defineKindContract({
  name: "podcast",
  paths: {
    notePodcast: "/note/:noteId/podcast",
    notePodcastAudio: "/note/:noteId/podcast/audio",
  },
  routes: {
    "GET /note/:noteId/podcast": { summary: "The note's podcast" },
    "POST /note/:noteId/podcast": { summary: "Generate the podcast" },
    "GET /note/:noteId/podcast/audio": {
      summary: "The podcast's MP3 (signed link, byte ranges)",
      files: ["audio/mpeg"],
    },
  },
  errors: {
    PODCAST_LENGTH_INVALID: 400,
    PODCAST_EMPTY: 422,
    PODCAST_AUDIO_FAILED: 503,
    PODCAST_LINK_INVALID: 403,
    PODCAST_RANGE_INVALID: 416,
  },
  price: { podcast: 5 },
});

/** How long an episode runs: about 3, 8 or 15 minutes of dialogue (the note's length sets the rest). */
export const PODCAST_LENGTHS = ["short", "standard", "long"] as const;
export type PodcastLength = (typeof PODCAST_LENGTHS)[number];

/** The two hosts: the host asks and explains, the guest questions and recaps. */
export const PODCAST_SPEAKERS = ["host", "guest"] as const;
export type PodcastSpeaker = (typeof PODCAST_SPEAKERS)[number];

/** Playback speeds the player offers. */
export const PODCAST_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** How far the player's back and forward buttons jump, in seconds. */
export const PODCAST_SKIP_SECONDS = 15;

// POST /note/:noteId/podcast → artefactJobResponse
export const generatePodcastRequest = z.object({ length: z.enum(PODCAST_LENGTHS).optional() }).strict();
export type GeneratePodcastRequest = z.infer<typeof generatePodcastRequest>;

/** One spoken line: who says it, what, from where in the note, and when it plays (seconds into the audio). */
export const podcastLine = z.object({
  index: z.number().int(),
  chapter: z.number().int(),
  speaker: z.enum(PODCAST_SPEAKERS),
  text: z.string(),
  citation: citation.nullable(),
  start: z.number(),
  end: z.number(),
});
export type PodcastLine = z.infer<typeof podcastLine>;

/** A chapter: the opening, one per note section (or group of small sections), and the closing. */
export const podcastChapter = z.object({
  index: z.number().int(),
  kind: z.enum(["opening", "section", "closing"]),
  title: z.string(),
  start: z.number(),
  end: z.number(),
});
export type PodcastChapter = z.infer<typeof podcastChapter>;

export const podcastEpisode = z.object({
  podcastId: z.string(),
  title: z.string(),
  length: z.enum(PODCAST_LENGTHS),
  language: z.enum(OUTPUT_LANGUAGES),
  /** The hosts' names as they are spoken in the episode (in its language). */
  hosts: z.object({ host: z.string(), guest: z.string() }),
  /** Which engine wrote the script and which voices read it. */
  engine: z.enum(["offline", "llm"]),
  voices: z.enum(["espeak", "tts"]),
  chapters: z.array(podcastChapter),
  lines: z.array(podcastLine),
  /** Seconds. */
  duration: z.number(),
  sizeBytes: z.number().int(),
  /**
   * Signed, short-lived URLs of the MP3 (an `<audio>` element cannot send the token): they play for
   * anyone holding them until `urlExpiresAt`, so they are handed to the note's owner only.
   */
  audioUrl: z.string(),
  downloadUrl: z.string(),
  urlExpiresAt: z.string(),
  createdAt: z.string(),
});
export type PodcastEpisode = z.infer<typeof podcastEpisode>;

// GET /note/:noteId/podcast
export const podcastResponse = z.object({
  noteId: z.string(),
  episode: podcastEpisode.nullable(),
  generation: artefactGeneration,
});
export type PodcastResponse = z.infer<typeof podcastResponse>;

// GET /note/:noteId/podcast/audio?expires=&signature=[&download=1] — the MP3, with HTTP Range support.
// Public (no token): a missing, altered or expired signature answers 403 PODCAST_LINK_INVALID.
export const podcastAudioQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
  download: z.enum(["0", "1"]).optional(),
});
export type PodcastAudioQuery = z.infer<typeof podcastAudioQuery>;
