import { z } from "zod";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { defineJob, type JobDefinition, type JobSpec } from "../../jobs/definition";
import { SWEEP_MIN_AGE_MINUTES, sweepStorage, type JobRetention } from "./storage-sweep.service";

/** The orphan sweep of stored objects; its result is the SweepReport. */
export const storageSweepJobSpec: JobSpec<{ dryRun: boolean; minAgeMinutes: number }> = {
  name: "storage.sweep",
  payload: z.object({
    dryRun: z.boolean().default(false),
    minAgeMinutes: z.number().int().min(0).default(SWEEP_MIN_AGE_MINUTES),
  }),
  maxAttempts: 2,
  backoff: { baseMs: 30_000, maxMs: 120_000 },
};

/** Idempotent by nature: a second run finds nothing the first deleted. */
export function createStorageSweepJob(deps: {
  db: Db;
  storage: Storage;
  /** The configuration's JOB_EVENTS_RETENTION_DAYS and JOB_RETENTION_DAYS; their defaults without it. */
  jobRetention?: JobRetention;
}): JobDefinition {
  return defineJob({
    ...storageSweepJobSpec,
    async handler({ payload, progress }) {
      await progress("sweep", 10, "progress.sweeping");
      return sweepStorage({
        db: deps.db,
        storage: deps.storage,
        jobRetention: deps.jobRetention,
        ...payload,
      });
    },
  });
}
