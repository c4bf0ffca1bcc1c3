import { randomBytes, randomUUID } from "node:crypto";
import {
  feedbackRequest,
  type FeedbackImage,
  type FeedbackRequest,
  type FeedbackType,
} from "@beannote/contract";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage/storage";
import type { JobQueue } from "../../jobs/queue";
import type { JobSpec } from "../../jobs/definition";
import { AppError } from "../../http/app-error";
import { cleanImage, type CleanImage } from "../../media/clean-image";
import { feedbackRepo, type FeedbackImageRow, type FeedbackRow } from "./feedback.repo";

/** Screenshots are shrunk to this many pixels on their longer side. */
const FEEDBACK_IMAGE_MAX_SIDE = 2560;

/** Mails one feedback to FEEDBACK_MAIL_TO (retried like any job when the mail server is down). */
export const mailFeedbackJob: JobSpec<{ feedbackId: string }> = {
  name: "mail-feedback",
  payload: z.object({ feedbackId: z.string() }),
  maxAttempts: 5,
  backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
};

/** Where a stored screenshot is served (an unguessable address, so the operator's mail can link it). */
export const feedbackImageUrl = (publicUrl: string | undefined, storageKey: string) =>
  `${publicUrl?.replace(/\/$/, "") ?? ""}/media/${storageKey}`;

/** A feedback as the admin CLI and the mail show it. */
export interface FeedbackView {
  feedbackId: string;
  createdAt: string;
  type: FeedbackType;
  suggestion: string;
  email: string;
  accountEmail: string;
  userId: string;
  mailedAt: string | null;
  imageUrls: string[];
}

export function createFeedbackService(deps: {
  db: Db;
  storage: Storage;
  queue?: Pick<JobQueue, "enqueue">;
  publicUrl?: string;
  /** FEEDBACK_MAIL_TO: each feedback is mailed there when set. */
  mailTo?: string;
}) {
  const { db, storage } = deps;

  const view = (row: { feedback: FeedbackRow; accountEmail: string }, images: FeedbackImageRow[]) => ({
    feedbackId: row.feedback.id,
    createdAt: row.feedback.createdAt.toISOString(),
    type: row.feedback.type as FeedbackType,
    suggestion: row.feedback.suggestion,
    email: row.feedback.email,
    accountEmail: row.accountEmail,
    userId: row.feedback.userId,
    mailedAt: row.feedback.mailedAt?.toISOString() ?? null,
    imageUrls: images.map((image) => feedbackImageUrl(deps.publicUrl, image.storageKey)),
  });

  return {
    /**
     * Cleans every image first (JPG/PNG by their bytes, re-encoded without metadata), so one bad image stores
     * none, then stores them and returns their ids for `POST /Feedback`.
     */
    async uploadImages(userId: string, files: Buffer[]): Promise<FeedbackImage[]> {
      if (files.length === 0) throw new AppError("FEEDBACK_IMAGE_REQUIRED");
      const cleaned: CleanImage[] = [];
      for (const bytes of files) cleaned.push(await cleanImage(bytes, { maxSide: FEEDBACK_IMAGE_MAX_SIDE }));
      const rows = await Promise.all(
        cleaned.map(async (image) => {
          const storageKey = `feedback/${userId}/${randomBytes(16).toString("hex")}.${image.extension}`;
          await storage.put(storageKey, image.bytes, { contentType: image.contentType });
          return {
            id: randomUUID(),
            userId,
            storageKey,
            contentType: image.contentType,
            size: image.bytes.length,
            width: image.width,
            height: image.height,
          };
        }),
      );
      await feedbackRepo.insertImages(db, rows);
      return rows.map((row) => ({
        imageId: row.id,
        url: feedbackImageUrl(deps.publicUrl, row.storageKey),
      }));
    },

    /** Stores a feedback with the images the student uploaded (their own, not yet sent with another one). */
    async submit(userId: string, raw: FeedbackRequest): Promise<{ feedbackId: string }> {
      const input = feedbackRequest.parse(raw);
      const imageIds = [...new Set(input.images)];
      const feedbackId = randomUUID();
      await db.transaction(async (tx) => {
        const found = await feedbackRepo.imagesOf(tx, userId, imageIds);
        const missing = imageIds.find((id) => !found.some((image) => image.id === id));
        if (missing) throw new AppError("NOT_FOUND", { imageId: missing });
        await feedbackRepo.insert(tx, {
          id: feedbackId,
          userId,
          type: input.type,
          suggestion: input.suggestion,
          email: input.email,
        });
        for (const [position, imageId] of imageIds.entries()) {
          if (!(await feedbackRepo.claimImage(tx, imageId, feedbackId, position))) {
            throw new AppError("FEEDBACK_IMAGE_USED", { imageId });
          }
        }
        if (deps.mailTo && deps.queue) {
          await deps.queue.enqueue(mailFeedbackJob, { feedbackId }, { userId, tx });
        }
      });
      return { feedbackId };
    },

    async list(limit = 50): Promise<FeedbackView[]> {
      const rows = await feedbackRepo.list(db, limit);
      const images = await feedbackRepo.imagesOfFeedback(
        db,
        rows.map((row) => row.feedback.id),
      );
      return rows.map((row) =>
        view(
          row,
          images.filter((image) => image.feedbackId === row.feedback.id),
        ),
      );
    },

    async show(feedbackId: string): Promise<FeedbackView> {
      const row = z.uuid().safeParse(feedbackId).success
        ? await feedbackRepo.find(db, feedbackId)
        : undefined;
      if (!row) throw new AppError("NOT_FOUND");
      return view(row, await feedbackRepo.imagesOfFeedback(db, [feedbackId]));
    },

    markMailed: (feedbackId: string, at: Date) => feedbackRepo.markMailed(db, feedbackId, at),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
