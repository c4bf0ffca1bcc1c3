import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FeatureAvailability, OutputLanguage, TranslateNoteResponse } from "@beannote/contract";
import { NOTE_TITLE_MAX } from "@beannote/contract";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import { languageName } from "../../engine/labels";
import { detectLanguage, primaryLanguage } from "../../engine/text";
import { AppError } from "../../http/app-error";
import { isTerminal, type JobQueue } from "../../jobs/queue";
import { derivedNotes } from "../notes/derived-notes";
import type { StudyNotes } from "../notes/study-notes";
import { translateNoteJob, type TranslatePayload } from "./translate.job";

/** `/config/web`'s flag: translation needs a model; offline it is unavailable and says why. */
export function translateAvailability(config: Pick<Config, "aiEngine">): FeatureAvailability {
  return config.aiEngine === "llm"
    ? { available: true, reason: null }
    : { available: false, reason: "TRANSLATE_NEEDS_MODEL" };
}

/**
 * Debits the translation's price in the transaction that enqueues its job (the Beancoin feature's charge;
 * the job's failure hook refunds it). Absent: translation is free.
 */
export interface TranslationCharges {
  charge(
    tx: DbOrTx,
    charge: { userId: string; action: "translation"; jobId: string; noteId: string },
  ): Promise<unknown>;
}

/** The new note's title: "<title> (<language>)", the language named in itself, within the title limit. */
export function translatedTitle(title: string, language: OutputLanguage): string {
  const name = languageName(primaryLanguage(language), language);
  const suffix = ` (${name.charAt(0).toLocaleUpperCase(language)}${name.slice(1)})`;
  const room = NOTE_TITLE_MAX - suffix.length;
  const chars = [...title];
  const base =
    chars.length > room
      ? `${chars
          .slice(0, room - 1)
          .join("")
          .trimEnd()}…`
      : title;
  return `${base}${suffix}`;
}

/** Starts translations: each writes a new note, the original stays as it is. */
export function createTranslateService(deps: {
  db: Db;
  queue: Pick<JobQueue, "enqueue" | "latestForNote"> & { wake?: (name: string) => void };
  notes: StudyNotes;
  config: Pick<Config, "aiEngine">;
  beans?: TranslationCharges;
}) {
  const { db, queue } = deps;
  return {
    async start(
      userId: string,
      noteId: string,
      targetLanguage: OutputLanguage,
    ): Promise<TranslateNoteResponse> {
      const owned = await deps.notes.owned(userId, noteId);
      if (!translateAvailability(deps.config).available) throw new AppError("TRANSLATE_NEEDS_MODEL");
      const note = await deps.notes.ready(userId, owned.id);
      const body = primaryLanguage(detectLanguage(note.markdown.slice(0, 20_000)));
      if (
        note.outputLanguage === targetLanguage &&
        (body === "und" || body === primaryLanguage(targetLanguage))
      )
        throw new AppError("TRANSLATE_SAME_LANGUAGE");

      const targetNoteId = randomUUID();
      const payload: TranslatePayload = { noteId, userId, targetNoteId, targetLanguage };
      const jobId = await db.transaction(async (tx) => {
        // One translation of a note into a language at a time: a double click starts one, not two.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${translateNoteJob.name}:${noteId}`}))`,
        );
        const latest = await queue.latestForNote(translateNoteJob.name, userId, noteId, tx);
        const latestLanguage = (latest?.payload as Partial<TranslatePayload> | undefined)?.targetLanguage;
        if (latest && !isTerminal(latest.status) && latestLanguage === targetLanguage)
          throw new AppError("ARTEFACT_BUSY", { jobId: latest.id });
        const job = await queue.enqueue(translateNoteJob, payload, { userId, tx });
        await derivedNotes.create(tx, {
          id: targetNoteId,
          userId,
          fromNoteId: noteId,
          title: translatedTitle(note.title, targetLanguage),
          outputLanguage: targetLanguage,
          detailLevel: note.detailLevel,
          jobId: job.id,
        });
        await deps.beans?.charge(tx, { userId, action: translateNoteJob.action, jobId: job.id, noteId });
        return job.id;
      });
      queue.wake?.(translateNoteJob.name);
      return { noteId: targetNoteId, jobId };
    },
  };
}

export type TranslateService = ReturnType<typeof createTranslateService>;
