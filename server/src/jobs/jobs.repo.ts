import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { beanLedger, conversationMessages, files, jobEvents, jobs, notes, quizzes } from "../db/schema";

export type JobRow = typeof jobs.$inferSelect;
export type JobEventRow = typeof jobEvents.$inferSelect;

/** The only place the jobs tables are touched. */
export const jobsRepo = {
  async insert(db: DbOrTx, row: typeof jobs.$inferInsert): Promise<JobRow> {
    const rows = await db.insert(jobs).values(row).returning();
    return rows[0]!;
  },

  async find(db: DbOrTx, id: string): Promise<JobRow | undefined> {
    const rows = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return rows[0];
  },

  /**
   * Takes the next runnable job of one of `names` in one statement: a queued job whose time has come (or
   * that was cancelled: the worker ends it and runs its onFailed), or a running job whose lease ran out
   * (its worker died). `SKIP LOCKED` lets any number of workers share the
   * table without waiting on each other.
   */
  async claim(
    db: DbOrTx,
    input: { names: string[]; workerId: string; now: Date; leaseUntil: Date },
  ): Promise<JobRow | undefined> {
    if (input.names.length === 0) return undefined;
    const nowIso = input.now.toISOString();
    const candidate = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, input.names),
          sql`((${jobs.status} = 'queued' and (${jobs.runAt} <= ${nowIso}::timestamptz or ${jobs.cancelRequested}))
            or (${jobs.status} = 'running' and ${jobs.leaseUntil} < ${nowIso}::timestamptz))`,
        ),
      )
      // Fair share: the jobs of a user who already has one running queue behind those of users who have none.
      .orderBy(
        sql`exists (select 1 from ${jobs} as running where running.user_id = ${jobs.userId} and running.status = 'running')`,
        asc(jobs.runAt),
      )
      .limit(1)
      .for("update", { skipLocked: true });
    const rows = await db
      .update(jobs)
      .set({
        status: "running",
        lockedBy: input.workerId,
        leaseUntil: input.leaseUntil,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: input.now,
      })
      .where(inArray(jobs.id, candidate))
      .returning();
    return rows[0];
  },

  /** Extends the lease while this worker still holds the job; undefined when it lost it. */
  async renewLease(
    db: DbOrTx,
    input: { id: string; workerId: string; leaseUntil: Date; now: Date },
  ): Promise<{ cancelRequested: boolean } | undefined> {
    const rows = await db
      .update(jobs)
      .set({ leaseUntil: input.leaseUntil, updatedAt: input.now })
      .where(and(eq(jobs.id, input.id), eq(jobs.lockedBy, input.workerId), eq(jobs.status, "running")))
      .returning({ cancelRequested: jobs.cancelRequested });
    return rows[0];
  },

  /** Updates a job this worker holds; false when another worker took it over. */
  async updateHeld(
    db: DbOrTx,
    id: string,
    workerId: string,
    patch: Partial<typeof jobs.$inferInsert>,
  ): Promise<boolean> {
    const rows = await db
      .update(jobs)
      .set(patch)
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")))
      .returning({ id: jobs.id });
    return rows.length > 0;
  },

  /**
   * Gives a held job back to the queue without counting the attempt, to run from `runAt` (the worker is shutting
   * down, or the job waits for something outside itself).
   */
  async release(db: DbOrTx, id: string, workerId: string, now: Date, runAt: Date = now): Promise<void> {
    await db
      .update(jobs)
      .set({
        status: "queued",
        lockedBy: null,
        leaseUntil: null,
        runAt,
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        updatedAt: now,
      })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, "running")));
  },

  /**
   * Brings the queued jobs of `name` among `ids` forward to run now (a job waiting for something outside itself
   * until a deadline, whose wait is over); returns the ids moved. Running and ended jobs are left alone.
   *
   * Every one of `ids` is locked first, a running one too: a job that is deferring itself (`release` with a
   * later `runAt`) then waits for the waker's transaction to end, so its second look at what it waits for sees
   * what the waker wrote. Without the lock a waker committing between the two would leave it asleep until
   * its deadline (a note waiting 10 minutes for a file parsed long ago).
   */
  async runNow(db: DbOrTx, name: string, ids: string[], now: Date): Promise<string[]> {
    if (ids.length === 0) return [];
    await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.id).for("update");
    const rows = await db
      .update(jobs)
      .set({ runAt: now, updatedAt: now })
      .where(and(inArray(jobs.id, ids), eq(jobs.name, name), eq(jobs.status, "queued"), gt(jobs.runAt, now)))
      .returning({ id: jobs.id });
    return rows.map((row) => row.id);
  },

  /**
   * Deletes (or with `dryRun` counts) the events of jobs that ended before `before`, `batch` rows a statement;
   * the SSE stream of such a job closes with the job row's own word. Returns how many.
   */
  async deleteEventsOfJobsEndedBefore(
    db: DbOrTx,
    before: Date,
    options: { dryRun?: boolean; batch?: number } = {},
  ): Promise<number> {
    const ended = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ["done", "failed", "cancelled"]), lt(jobs.finishedAt, before)));
    if (options.dryRun) {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobEvents)
        .where(inArray(jobEvents.jobId, ended));
      return rows[0]?.n ?? 0;
    }
    return deleteInBatches(options.batch, (limit) =>
      db
        .delete(jobEvents)
        .where(
          inArray(
            jobEvents.id,
            db
              .select({ id: jobEvents.id })
              .from(jobEvents)
              .where(inArray(jobEvents.jobId, ended))
              .limit(limit),
          ),
        )
        .returning({ id: jobEvents.id }),
    );
  },

  /**
   * Deletes (or with `dryRun` counts) jobs that ended before `before` and that nothing still reads: no row
   * names them (a note's, a quiz's, a file's parse, an answer's, a Beancoin charge's job), and none is the
   * latest of its kind for its note (an artefact tab shows its latest generation). Their events go with them.
   */
  async deleteJobsEndedBefore(
    db: DbOrTx,
    before: Date,
    options: { dryRun?: boolean; batch?: number } = {},
  ): Promise<number> {
    const newer = sql.raw("newer");
    const unread = and(
      inArray(jobs.status, ["done", "failed", "cancelled"]),
      lt(jobs.finishedAt, before),
      sql`not exists (select 1 from ${notes} where ${notes.jobId} = ${jobs.id})`,
      sql`not exists (select 1 from ${quizzes} where ${quizzes.jobId} = ${jobs.id})`,
      sql`not exists (select 1 from ${files} where ${files.parseJobId} = ${jobs.id})`,
      sql`not exists (select 1 from ${conversationMessages} where ${conversationMessages.jobId} = ${jobs.id})`,
      sql`not exists (select 1 from ${beanLedger} where ${beanLedger.jobId} = ${jobs.id})`,
      sql`(${jobs.payload}->>'noteId' is null or exists (select 1 from ${jobs} as ${newer}
        where ${newer}.name = ${jobs.name} and ${newer}.user_id is not distinct from ${jobs.userId}
          and ${newer}.payload->>'noteId' = ${jobs.payload}->>'noteId' and ${newer}.created_at > ${jobs.createdAt}))`,
    );
    if (options.dryRun) {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(unread);
      return rows[0]?.n ?? 0;
    }
    return deleteInBatches(options.batch, (limit) =>
      db
        .delete(jobs)
        .where(inArray(jobs.id, db.select({ id: jobs.id }).from(jobs).where(unread).limit(limit)))
        .returning({ id: jobs.id }),
    );
  },

  async update(
    db: DbOrTx,
    id: string,
    patch: Partial<typeof jobs.$inferInsert>,
  ): Promise<JobRow | undefined> {
    const rows = await db.update(jobs).set(patch).where(eq(jobs.id, id)).returning();
    return rows[0];
  },

  /** Flags a queued or running job for cancellation; undefined when it has already ended. */
  async requestCancel(db: DbOrTx, id: string, now: Date): Promise<JobRow | undefined> {
    const rows = await db
      .update(jobs)
      .set({ cancelRequested: true, updatedAt: now })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ["queued", "running"])))
      .returning();
    return rows[0];
  },

  /**
   * Opens attempt `attempt` of a job with a clean stream: drops the events of earlier attempts, resets the
   * progress and writes one `restart` event. Once per attempt (a job back from waiting keeps its stream).
   */
  async restartEvents(
    db: DbOrTx,
    jobId: string,
    attempt: number,
    now: Date,
  ): Promise<JobEventRow | undefined> {
    return db.transaction(async (tx) => {
      const opened = await tx
        .select({ id: jobEvents.id })
        .from(jobEvents)
        .where(
          and(
            eq(jobEvents.jobId, jobId),
            eq(jobEvents.type, "restart"),
            sql`(${jobEvents.data}->>'attempt')::int = ${attempt}`,
          ),
        )
        .limit(1);
      if (opened.length > 0) return undefined;
      await tx.delete(jobEvents).where(eq(jobEvents.jobId, jobId));
      await tx.update(jobs).set({ progress: null, updatedAt: now }).where(eq(jobs.id, jobId));
      const rows = await tx
        .insert(jobEvents)
        .values({ jobId, type: "restart", data: { attempt } })
        .returning();
      return rows[0];
    });
  },

  async insertEvent(db: DbOrTx, row: typeof jobEvents.$inferInsert): Promise<JobEventRow> {
    const rows = await db.insert(jobEvents).values(row).returning();
    return rows[0]!;
  },

  async hasFinalEvent(db: DbOrTx, jobId: string): Promise<boolean> {
    const rows = await db
      .select({ id: jobEvents.id })
      .from(jobEvents)
      .where(and(eq(jobEvents.jobId, jobId), inArray(jobEvents.type, ["done", "error"])))
      .limit(1);
    return rows.length > 0;
  },

  async eventsAfter(db: DbOrTx, jobId: string, afterId: number, limit = 500): Promise<JobEventRow[]> {
    return db
      .select()
      .from(jobEvents)
      .where(and(eq(jobEvents.jobId, jobId), gt(jobEvents.id, afterId)))
      .orderBy(asc(jobEvents.id))
      .limit(limit);
  },

  /** The user's latest job of `name` whose payload names `noteId` (an artefact's latest generation). */
  async latestForNote(db: DbOrTx, name: string, userId: string, noteId: string): Promise<JobRow | undefined> {
    const rows = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, name), eq(jobs.userId, userId), sql`${jobs.payload}->>'noteId' = ${noteId}`))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    return rows[0];
  },
};

/** Runs a bounded delete until it deletes fewer than a batch; returns how many rows went. */
async function deleteInBatches(batch = 5000, remove: (limit: number) => Promise<unknown[]>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = (await remove(batch)).length;
    total += removed;
    if (removed < batch) return total;
  }
}
