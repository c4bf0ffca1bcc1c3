import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { STUDENT_DISCOUNT_PERCENT, type StudentStatus, type StudentVerification } from "@beannote/contract";
import type { Db, DbOrTx } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { AppError } from "../../http/app-error";
import { cleanImage } from "../../media/clean-image";
import { studentRepo, type StudentRow } from "./student.repo";

/** Student IDs are kept legible but not huge. */
const STUDENT_ID_MAX_SIDE = 2560;

const present = (row: StudentRow | undefined): StudentVerification => ({
  status: (row?.status as StudentStatus | undefined) ?? "none",
  reason: row?.status === "rejected" ? row.reason : null,
  submittedAt: row?.submittedAt.toISOString() ?? null,
  reviewedAt: row?.reviewedAt?.toISOString() ?? null,
  discountPercent: STUDENT_DISCOUNT_PERCENT,
});

/** Whether the 70 % discount applies to a user (what the Beancoin feature asks). */
export const studentDiscount = {
  approved: (db: DbOrTx, userId: string) => studentRepo.isApproved(db, userId),
};

/** The student discount: a student sends an ID image, an operator approves or rejects it with the admin CLI. */
export function createStudentService(deps: { db: Db; storage: Storage; now?: () => Date }) {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function account(email: string) {
    const found = await studentRepo.findByEmail(db, email);
    if (!found) throw new AppError("NOT_FOUND");
    return found;
  }

  async function review(email: string, status: "approved" | "rejected", reason: string | null) {
    const { userId, row } = await account(email);
    if (!row) throw new AppError("NOT_FOUND");
    await studentRepo.review(db, userId, { status, reason, reviewedAt: now() });
    return present({ ...row, status, reason, reviewedAt: now() });
  }

  return {
    status: async (userId: string) => present(await studentRepo.find(db, userId)),

    /** Stores a new ID image (JPG/PNG by its bytes, metadata stripped) and puts the request in review. */
    async submit(userId: string, bytes: Buffer): Promise<StudentVerification> {
      const current = await studentRepo.find(db, userId);
      if (current?.status === "approved") throw new AppError("STUDENT_ALREADY_VERIFIED");
      const image = await cleanImage(bytes, { maxSide: STUDENT_ID_MAX_SIDE, quality: 90 });
      const key = `students/${userId}/${randomBytes(16).toString("hex")}.${image.extension}`;
      await storage.put(key, image.bytes, { contentType: image.contentType });
      const row = await studentRepo.upsert(db, {
        userId,
        status: "pending",
        imageKey: key,
        submittedAt: now(),
      });
      if (current && current.imageKey !== key) await storage.delete(current.imageKey).catch(() => {});
      return present(row);
    },

    /** The owner's own ID image (never served to anyone else). */
    async image(userId: string): Promise<{ stream: Readable; contentType: string }> {
      const row = await studentRepo.find(db, userId);
      const stream = row ? await storage.get(row.imageKey) : null;
      if (!row || !stream) throw new AppError("NOT_FOUND");
      return { stream, contentType: row.imageKey.endsWith(".png") ? "image/png" : "image/jpeg" };
    },

    /** Every request for the operator, with where its image is (a path on this machine, or s3://…). */
    async adminList() {
      const rows = await studentRepo.listWithEmail(db);
      return rows.map(({ row, email }) => ({
        email,
        ...present(row),
        imagePath: storage.describe(row.imageKey),
      }));
    },

    approve: (email: string) => review(email, "approved", null),
    reject: (email: string, reason: string | null) => review(email, "rejected", reason),
  };
}

export type StudentService = ReturnType<typeof createStudentService>;
