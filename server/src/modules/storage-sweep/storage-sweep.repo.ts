import { isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { feedbackImages, files, podcasts, studentVerifications, users } from "../../db/schema";
import { directUploadKeyOf } from "../files/files.service";

/** A row that names a stored object. */
export interface ObjectReference {
  key: string;
  table: string;
  column: string;
  id: string;
  /** The object may not exist yet (an upload slot still waiting for its bytes): never reported missing. */
  pending?: boolean;
}

/** The only place the sweep reads the tables: every column that holds a storage key. */
export const storageSweepRepo = {
  async references(db: DbOrTx): Promise<ObjectReference[]> {
    const [fileRows, userRows, studentRows, podcastRows, feedbackRows] = await Promise.all([
      db
        .select({
          id: files.id,
          userId: files.userId,
          status: files.status,
          storageKey: files.storageKey,
          documentKey: files.documentKey,
          previewKey: files.previewKey,
        })
        .from(files),
      db.select({ id: users.id, key: users.iconKey }).from(users).where(isNotNull(users.iconKey)),
      db
        .select({ id: studentVerifications.userId, key: studentVerifications.imageKey })
        .from(studentVerifications),
      db.select({ id: podcasts.id, key: podcasts.audioKey }).from(podcasts),
      db.select({ id: feedbackImages.id, key: feedbackImages.storageKey }).from(feedbackImages),
    ]);
    const references: ObjectReference[] = [];
    for (const row of fileRows) {
      if (row.storageKey)
        references.push({ key: row.storageKey, table: "files", column: "storage_key", id: row.id });
      if (row.documentKey)
        references.push({ key: row.documentKey, table: "files", column: "document_key", id: row.id });
      if (row.previewKey)
        references.push({ key: row.previewKey, table: "files", column: "preview_key", id: row.id });
      if (row.status === "uploading") {
        references.push({
          key: directUploadKeyOf(row.userId, row.id),
          table: "files",
          column: "(direct upload)",
          id: row.id,
          pending: true,
        });
      }
    }
    for (const row of userRows)
      references.push({ key: row.key!, table: "users", column: "icon_key", id: row.id });
    for (const row of studentRows)
      references.push({ key: row.key, table: "student_verifications", column: "image_key", id: row.id });
    for (const row of podcastRows)
      references.push({ key: row.key, table: "podcasts", column: "audio_key", id: row.id });
    for (const row of feedbackRows)
      references.push({ key: row.key, table: "feedback_images", column: "storage_key", id: row.id });
    return references;
  },
};
