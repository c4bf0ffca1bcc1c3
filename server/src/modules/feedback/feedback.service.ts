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
import { QUOTA_DEFAULTS, type Config } from "../../config";
import { createThrottle } from "../throttle/throttle.service";
import { feedbackRepo, type FeedbackImageRow, type FeedbackRow } from "./feedback.repo";

/** Screenshots are shrunk to this many pixels on their longer side. */
const FEEDBACK_IMAGE_MAX_SIDE = 2560;

/** A screenshot no feedback took within this time is deleted (row and object). */
export const FEEDBACK_IMAGE_TTL_MS = 60 * 60_000;

const HOUR_MS = 60 * 60_000;

/** Per user: screenshot uploads (each up to FEEDBACK_IMAGES_MAX images) and feedback posts per hour. */
export interface FeedbackLimits {
  imageUploadsPerHour: number;
  feedbackPerHour: number;
}

export const feedbackLimitsOf = (
  config: Pick<Config, "FEEDBACK_IMAGE_UPLOADS_PER_HOUR" | "FEEDBACK_PER_HOUR">,
): FeedbackLimits => ({
  imageUploadsPerHour: config.FEEDBACK_IMAGE_UPLOADS_PER_HOUR,
  feedbackPerHour: config.FEEDBACK_PER_HOUR,
});

/** What an expiry of unattached screenshots found and deleted. */
export interface ExpiredImages {
  count: number;
  bytes: number;
  deleted: number;
}

/**
 * Deletes the screenshots no feedback took within FEEDBACK_IMAGE_TTL_MS (of one user, or of everyone): rows
 * first, then their objects. An object whose deletion fails (storage down) is left to the orphan sweep.
 */
export async function expireFeedbackImages(deps: {
  db: Db;
  storage: Storage;
  now?: () => Date;
  userId?: string;
  dryRun?: boolean;
}): Promise<ExpiredImages> {
  const before = new Date((deps.now?.() ?? new Date()).getTime() - FEEDBACK_IMAGE_TTL_MS);
  const rows = deps.dryRun
    ? await feedbackRepo.unattached(deps.db, before)
    : await feedbackRepo.deleteUnattached(deps.db, before, deps.userId);
  const result = { count: rows.length, bytes: rows.reduce((sum, row) => sum + row.size, 0), deleted: 0 };
  if (deps.dryRun) return result;
  for (const row of rows) {
    try {
      await deps.storage.delete(row.storageKey);
    } catch {
      // left for the orphan sweep: no row names it any more
    }
  }
  result.deleted = rows.length;
  return result;
}

/** Mails one feedback to FEEDBACK_MAIL_TO (retried like any job when the mail server is down). */
export const mailFeedbackJob: JobSpec<{ feedbackId: string }> = {
  name: "feedback.mail",
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
  limits?: FeedbackLimits;
  now?: () => Date;
}) {
  const { db, storage } = deps;
  const limits = deps.limits ?? feedbackLimitsOf(QUOTA_DEFAULTS);
  const throttle = createThrottle({ db, now: deps.now });

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
     * Counts one screenshot upload against the user's hourly limit (429 RATE_LIMITED with Retry-After past it),
     * before the images are read; the user's screenshots left unattached past their hour go at the same time.
     */
    async admitImageUpload(userId: string): Promise<void> {
      await throttle.take([
        {
          kind: "feedback-images",
          key: userId,
          limit: limits.imageUploadsPerHour,
          windowMs: HOUR_MS,
          code: "RATE_LIMITED",
        },
      ]);
      await expireFeedbackImages({ db, storage, now: deps.now, userId });
    },

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
      await throttle.take([
        {
          kind: "feedback",
          key: userId,
          limit: limits.feedbackPerHour,
          windowMs: HOUR_MS,
          code: "RATE_LIMITED",
        },
      ]);
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
