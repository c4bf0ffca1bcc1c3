import { boolean, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./accounts";

/**
 * Durable jobs. A worker claims a row (`FOR UPDATE SKIP LOCKED`), holds it by a lease that its heartbeat
 * renews, and leaves it done, failed (with a reason), cancelled, or queued again with a later `run_at`.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Ids only, never contents. */
    payload: jsonb("payload").notNull(),
    /** The user who may watch and cancel the job; null for system jobs. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** queued | running | done | failed | cancelled */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAt: stamp("run_at").notNull().defaultNow(),
    lockedBy: text("locked_by"),
    leaseUntil: stamp("lease_until"),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    /** {step, percent, messageKey} */
    progress: jsonb("progress"),
    result: jsonb("result"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
    finishedAt: stamp("finished_at"),
  },
  (table) => [
    index("jobs_claim_idx").on(table.status, table.runAt),
    index("jobs_user_id_idx").on(table.userId),
  ],
);

/** What a job reported, in order; SSE clients resume after the last id they saw, from any process. */
export const jobEvents = pgTable(
  "job_events",
  {
    id: serial("id").primaryKey(),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** progress | partial | done | error */
    type: text("type").notNull(),
    data: jsonb("data").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (table) => [index("job_events_job_id_idx").on(table.jobId, table.id)],
);
