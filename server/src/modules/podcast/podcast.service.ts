import { randomUUID } from "node:crypto";
import type {
  GeneratePodcastRequest,
  PodcastEpisode,
  PodcastLength,
  PodcastResponse,
} from "@beannote/contract";
import { z } from "zod";
import { apiPath, PODCAST_LENGTHS } from "@beannote/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { Storage } from "../../storage/storage";
import { artefactJobSpec, artefactPayload, type ArtefactJobs } from "../artefacts/artefact-kind";
import type { ArtefactCopier, StudyNotes } from "../notes/study-notes";
import { audioSignature, linkExpiry, newAudioSecret, verifyAudioLink } from "./audio-link";
import { podcastRepo, type PodcastLineRow, type PodcastRow } from "./podcast.repo";

/** The podcast generation job: the note, and how long an episode to make; it costs the `podcast` price. */
export const generatePodcastJob = artefactJobSpec(
  "podcast",
  artefactPayload.extend({ length: z.enum(PODCAST_LENGTHS).default("standard") }),
  "podcast",
);

/** Copies a note's episode to a copy of the note (the audio object is shared, the link secret is not). */
export const copyPodcast: ArtefactCopier = (tx, from, to, userId) =>
  podcastRepo.copyNote(tx, from, to, userId, randomUUID, newAudioSecret);

/**
 * Before a note is deleted: finds its episode's audio; the returned function deletes the object once no
 * episode plays it (a copy of the note shares it).
 */
export const podcastAudioReleaser =
  (db: Db, storage: Storage) =>
  async (noteId: string): Promise<() => Promise<void>> => {
    const row = await podcastRepo.byNote(db, noteId);
    return async () => {
      if (row && !(await podcastRepo.audioInUse(db, row.audioKey))) await storage.delete(row.audioKey);
    };
  };

const seconds = (ms: number) => Math.round(ms) / 1000;

/** An episode as the contract shows it, with signed links to its audio. */
export function presentEpisode(row: PodcastRow, lines: PodcastLineRow[], now: Date): PodcastEpisode {
  const expires = linkExpiry(now);
  const signature = audioSignature(row.audioSecret, row.audioKey, expires);
  const audioUrl = `${apiPath("notePodcastAudio", { noteId: row.noteId })}?expires=${expires}&signature=${signature}`;
  return {
    podcastId: row.id,
    title: row.title,
    length: row.length as PodcastLength,
    language: row.language as PodcastEpisode["language"],
    hosts: { host: row.hostName, guest: row.guestName },
    engine: row.engine as PodcastEpisode["engine"],
    voices: row.voices as PodcastEpisode["voices"],
    chapters: row.chapters.map((c, index) => ({
      index,
      kind: c.kind,
      title: c.title,
      start: seconds(c.startMs),
      end: seconds(c.endMs),
    })),
    lines: lines.map((l) => ({
      index: l.position,
      chapter: l.chapter,
      speaker: l.speaker as "host" | "guest",
      text: l.text,
      citation: l.citeSource && l.citePage ? { source: l.citeSource, page: l.citePage } : null,
      start: seconds(l.startMs),
      end: seconds(l.endMs),
    })),
    duration: seconds(row.durationMs),
    sizeBytes: row.audioBytes,
    audioUrl,
    downloadUrl: `${audioUrl}&download=1`,
    urlExpiresAt: new Date(expires * 1000).toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A byte range of the audio to send, parsed from a `Range` header (one range; others get all bytes). */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null; // several ranges or a malformed header: the whole file
  let start: number;
  let end: number;
  if (!m[1]) {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) throw new AppError("PODCAST_RANGE_INVALID", { size });
  return { start, end };
}

export function createPodcastService(deps: {
  db: Db;
  storage: Storage;
  notes: StudyNotes;
  artefacts: ArtefactJobs;
  now?: () => Date;
}) {
  const { db, notes } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async generate(userId: string, noteId: string, input: GeneratePodcastRequest) {
      await notes.ready(userId, noteId);
      return deps.artefacts.start(generatePodcastJob, { noteId, userId, length: input.length ?? "standard" });
    },

    async episode(userId: string, noteId: string): Promise<PodcastResponse> {
      await notes.owned(userId, noteId);
      const [row, generation] = await Promise.all([
        podcastRepo.byNote(db, noteId),
        deps.artefacts.latest(generatePodcastJob.name, userId, noteId),
      ]);
      const episode = row ? presentEpisode(row, await podcastRepo.lines(db, row.id), now()) : null;
      return { noteId, episode, generation };
    },

    /**
     * The audio behind a signed link (no token: an `<audio>` element cannot send one). A missing,
     * altered or expired signature is PODCAST_LINK_INVALID, as is a note without an episode, so a link
     * tells nothing about notes it was not made for.
     */
    async audio(noteId: string, query: { expires?: string; signature?: string }, range: string | undefined) {
      const row = await podcastRepo.byNote(db, noteId);
      if (!row || !verifyAudioLink(row.audioSecret, row.audioKey, query.expires, query.signature, now()))
        throw new AppError("PODCAST_LINK_INVALID");
      const info = await deps.storage.stat(row.audioKey);
      if (!info) throw new AppError("NOT_FOUND");
      const part = byteRange(range, info.size);
      const body = await deps.storage.get(row.audioKey, part ?? undefined);
      if (!body) throw new AppError("NOT_FOUND");
      return { row, size: info.size, part, body };
    },
  };
}

export type PodcastService = ReturnType<typeof createPodcastService>;
