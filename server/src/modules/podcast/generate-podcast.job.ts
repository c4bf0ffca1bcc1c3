import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Db } from "../../db/client";
import type { Engine, PodcastScript } from "../../engine";
import { PermanentJobError } from "../../jobs/definition";
import { id3Tag, renderEpisodeAudio, type EpisodeLine, type Speech } from "../../speech";
import type { Storage } from "../../storage/storage";
import { defineArtefactJob } from "../artefacts/artefact-kind";
import type { StudyNotes } from "../notes/study-notes";
import { newAudioSecret } from "./audio-link";
import { podcastRepo } from "./podcast.repo";
import { generatePodcastJob } from "./podcast.service";

/** The script takes the job from 10 % to 25 %, the audio (chapter by chapter) to 95 %. */
const SCRIPT_END = 25;
const band = (from: number, to: number, done: number, total: number) =>
  Math.round(from + ((to - from) * Math.min(done, total)) / Math.max(1, total));

/**
 * Writes the note's episode: the engine's script, then the audio chapter by chapter, encoded to a
 * temporary file, then stored with its ID3 chapters under a new key; the episode row replaces the old one
 * only once the audio is stored. A cancel or failure on the way leaves neither a row nor an object.
 */
export function createGeneratePodcastJob(deps: {
  db: Db;
  notes: StudyNotes;
  engine: Engine;
  speech: Speech;
  storage: Storage;
  tmpDir?: string;
}) {
  return defineArtefactJob({
    spec: generatePodcastJob,
    notes: deps.notes,
    async run({ ctx, note, material }) {
      await ctx.progress("script", 10, "progress.podcastScript");
      const script: PodcastScript = await deps.engine.podcastScript({
        material,
        length: ctx.payload.length,
        signal: ctx.signal,
        onProgress: (done, total) =>
          void ctx.progress("script", band(10, SCRIPT_END, done, total), "progress.podcastScript"),
      });
      const sectionChapters = script.chapters.filter((c) => c.kind === "section");
      if (!sectionChapters.some((c) => c.lines.length > 0)) throw new PermanentJobError("PODCAST_EMPTY");
      ctx.signal.throwIfAborted();

      const lines: (EpisodeLine & { sectionIndex: number; quote: string })[] = script.chapters.flatMap(
        (chapter, index) => chapter.lines.map((line) => ({ ...line, chapter: index })),
      );
      const total = script.chapters.length;
      await ctx.progress(`audio 0/${total}`, SCRIPT_END, "progress.podcastAudio");
      const temporary = path.join(deps.tmpDir ?? os.tmpdir(), `beannote-podcast-${ctx.job.id}.mp3.part`);
      const key = `podcasts/${note.id}/${ctx.job.id}-${randomUUID().slice(0, 8)}.mp3`;
      let stored = false;
      try {
        const audio = await renderEpisodeAudio({
          speech: deps.speech,
          language: note.outputLanguage,
          lines,
          chapterCount: total,
          path: temporary,
          signal: ctx.signal,
          onChapter: (done) =>
            void ctx.progress(
              `audio ${done}/${total}`,
              band(SCRIPT_END, 95, done, total),
              "progress.podcastAudio",
            ),
        });
        ctx.signal.throwIfAborted();
        await ctx.progress("save", 96, "progress.saving");
        const tag = id3Tag({
          title: note.title,
          artist: "BeanNote",
          chapters: script.chapters.map((c, i) => ({
            title: c.title,
            startMs: audio.chapters[i]!.start * 1000,
            endMs: audio.chapters[i]!.end * 1000,
          })),
        });
        const body = Readable.from(
          (async function* () {
            yield tag;
            yield* createReadStream(temporary);
          })(),
        );
        const { size } = await deps.storage.put(key, body, { contentType: "audio/mpeg" });
        stored = true;
        ctx.signal.throwIfAborted();

        const podcastId = randomUUID();
        const replaced = await deps.db.transaction((tx) =>
          podcastRepo.replace(
            tx,
            {
              id: podcastId,
              noteId: note.id,
              userId: note.userId,
              length: ctx.payload.length,
              language: note.outputLanguage,
              engine: deps.engine.name,
              voices: deps.speech.kind,
              title: note.title,
              hostName: script.hosts.host,
              guestName: script.hosts.guest,
              chapters: script.chapters.map((c, i) => ({
                kind: c.kind,
                title: c.title,
                startMs: Math.round(audio.chapters[i]!.start * 1000),
                endMs: Math.round(audio.chapters[i]!.end * 1000),
              })),
              durationMs: Math.round(audio.duration * 1000),
              audioKey: key,
              audioBytes: size,
              audioSecret: newAudioSecret(),
            },
            lines.map((line, i) => {
              const citation = material.cite(line.sectionIndex, line.quote);
              return {
                id: randomUUID(),
                podcastId,
                position: i,
                chapter: line.chapter,
                speaker: line.speaker,
                text: line.text,
                citeSource: citation?.source ?? null,
                citePage: citation?.page ?? null,
                startMs: Math.round(audio.lines[i]!.start * 1000),
                endMs: Math.round(audio.lines[i]!.end * 1000),
              };
            }),
          ),
        );
        stored = false; // the episode owns the object now
        if (replaced && replaced !== key && !(await podcastRepo.audioInUse(deps.db, replaced)))
          await deps.storage.delete(replaced).catch(() => {});
        return { noteId: note.id, podcastId, duration: audio.duration, lines: lines.length };
      } finally {
        await rm(temporary, { force: true });
        if (stored) await deps.storage.delete(key).catch(() => {});
      }
    },
  });
}
