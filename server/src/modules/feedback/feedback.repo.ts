import { and, asc, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { feedback, feedbackImages, users } from "../../db/schema";

export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackImageRow = typeof feedbackImages.$inferSelect;

const unattachedBefore = (before: Date, userId?: string) =>
  and(
    isNull(feedbackImages.feedbackId),
    lt(feedbackImages.createdAt, before),
    userId ? eq(feedbackImages.userId, userId) : undefined,
  );

/** The only place the feedback tables are touched. */
export const feedbackRepo = {
  async insertImages(db: DbOrTx, rows: (typeof feedbackImages.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await db.insert(feedbackImages).values(rows);
  },

  /** The user's images among `ids` (another user's are absent). */
  async imagesOf(db: DbOrTx, userId: string, ids: string[]): Promise<FeedbackImageRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(feedbackImages)
      .where(and(eq(feedbackImages.userId, userId), inArray(feedbackImages.id, ids)))
      .for("update");
  },

  async insert(db: DbOrTx, row: typeof feedback.$inferInsert): Promise<void> {
    await db.insert(feedback).values(row);
  },

  /** Attaches an uploaded image to its feedback, in the order the student gave; false when already taken. */
  async claimImage(db: DbOrTx, imageId: string, feedbackId: string, position: number): Promise<boolean> {
    const rows = await db
      .update(feedbackImages)
      .set({ feedbackId, position })
      .where(and(eq(feedbackImages.id, imageId), isNull(feedbackImages.feedbackId)))
      .returning({ id: feedbackImages.id });
    return rows.length === 1;
  },

  async find(db: DbOrTx, id: string) {
    const rows = await db
      .select({ feedback, accountEmail: users.email })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.id, id))
      .limit(1);
    return rows[0];
  },

  async imagesOfFeedback(db: DbOrTx, feedbackIds: string[]): Promise<FeedbackImageRow[]> {
    if (feedbackIds.length === 0) return [];
    return db
      .select()
      .from(feedbackImages)
      .where(inArray(feedbackImages.feedbackId, feedbackIds))
      .orderBy(asc(feedbackImages.position));
  },

  /** Newest first, with the account's e-mail. */
  async list(db: DbOrTx, limit: number) {
    return db
      .select({ feedback, accountEmail: users.email })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .orderBy(desc(feedback.createdAt))
      .limit(limit);
  },

  /**
   * Deletes images no feedback took that were uploaded before `before` (of one user, or of all) and answers
   * their objects' keys and sizes. An image a feedback is claiming at that moment is locked by it and, once
   * claimed, no longer matches.
   */
  async deleteUnattached(
    db: DbOrTx,
    before: Date,
    userId?: string,
  ): Promise<{ storageKey: string; size: number }[]> {
    return db
      .delete(feedbackImages)
      .where(unattachedBefore(before, userId))
      .returning({ storageKey: feedbackImages.storageKey, size: feedbackImages.size });
  },

  /** What `deleteUnattached` would delete (a dry run). */
  async unattached(db: DbOrTx, before: Date): Promise<{ storageKey: string; size: number }[]> {
    return db
      .select({ storageKey: feedbackImages.storageKey, size: feedbackImages.size })
      .from(feedbackImages)
      .where(unattachedBefore(before));
  },

  async markMailed(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(feedback).set({ mailedAt: at }).where(eq(feedback.id, id));
  },
};
