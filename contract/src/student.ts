import { z } from "zod";

/** The student discount's states: nothing sent, waiting for an operator, approved, or rejected with a reason. */
export const STUDENT_STATUSES = ["none", "pending", "approved", "rejected"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

/** Largest student ID image accepted (JPG or PNG). */
export const STUDENT_ID_MAX_BYTES = 5 * 1024 * 1024;

// GET /member/student-verify and the answer to POST /member/student-verify (multipart field `file`)
export const studentVerification = z.object({
  status: z.enum(STUDENT_STATUSES),
  /** The operator's reason when rejected. */
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Percent off every Beancoin cost once approved. */
  discountPercent: z.number(),
});
export type StudentVerification = z.infer<typeof studentVerification>;
