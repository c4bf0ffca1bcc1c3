import type { Db } from "../../db/client";
import { createJobQueue } from "../../jobs/queue";
import type { Storage, StoredObject } from "../../storage/storage";
import {
  expireFeedbackImages,
  FEEDBACK_IMAGE_TTL_MS,
  type ExpiredImages,
} from "../feedback/feedback.service";
import { storageSweepRepo, type ObjectReference } from "./storage-sweep.repo";

/** Objects younger than this are never swept: their row may be a moment from being written. */
export const SWEEP_MIN_AGE_MINUTES = 24 * 60;
const SAMPLE = 50;

/** How many days ended jobs keep their events, and ended jobs are kept (JOB_EVENTS_RETENTION_DAYS, JOB_RETENTION_DAYS). */
export interface JobRetention {
  eventsDays: number;
  jobsDays: number;
}
/** The configuration's defaults, for a sweep run without it. */
export const JOB_RETENTION_DEFAULTS: JobRetention = { eventsDays: 7, jobsDays: 30 };

/** What a sweep found and did; the admin CLI prints it, the job keeps it as its result. */
export interface SweepReport {
  storage: string;
  dryRun: boolean;
  minAgeMinutes: number;
  scanned: { objects: number; bytes: number };
  /** Objects some row names. */
  referenced: number;
  /** Objects no row names, left alone because they are younger than minAgeMinutes. */
  recent: number;
  orphanObjects: {
    count: number;
    bytes: number;
    deleted: number;
    sample: { key: string; size: number; modifiedAt: string }[];
  };
  /** Rows naming an object that is not in storage (reported, never changed). */
  missingObjects: { count: number; sample: Omit<ObjectReference, "pending">[] };
  /** Feedback screenshots no feedback took within their hour: rows and objects deleted first. */
  expiredFeedbackImages: ExpiredImages & { maxAgeMinutes: number };
  /** Events of jobs ended more than `eventsDays` ago, and such jobs no row names: deleted (counted on a dry run). */
  endedJobs: JobRetention & { events: number; jobs: number };
}

/**
 * Walks every stored object against every row that names one: deletes objects no row names (older than the
 * minimum age) and reports rows whose object is gone. First deletes feedback screenshots no feedback took
 * within their hour (rows and objects); last, deletes the events and the rows of long-ended jobs (`jobRetention`).
 * Holds the set of referenced keys in memory (about 150 bytes a key), not the objects.
 */
export async function sweepStorage(deps: {
  db: Db;
  storage: Storage;
  dryRun: boolean;
  minAgeMinutes?: number;
  jobRetention?: JobRetention;
  now?: () => Date;
}): Promise<SweepReport> {
  const minAgeMinutes = deps.minAgeMinutes ?? SWEEP_MIN_AGE_MINUTES;
  const retention = deps.jobRetention ?? JOB_RETENTION_DEFAULTS;
  const cutoff = (deps.now?.() ?? new Date()).getTime() - minAgeMinutes * 60_000;
  // Screenshots never attached to a feedback expire (rows, then objects) before the walk.
  const expired = await expireFeedbackImages(deps);
  const unseen = new Map<string, ObjectReference[]>();
  for (const reference of await storageSweepRepo.references(deps.db)) {
    const list = unseen.get(reference.key);
    if (list) list.push(reference);
    else unseen.set(reference.key, [reference]);
  }

  const report: SweepReport = {
    storage: deps.storage.location,
    dryRun: deps.dryRun,
    minAgeMinutes,
    scanned: { objects: 0, bytes: 0 },
    referenced: 0,
    recent: 0,
    orphanObjects: { count: 0, bytes: 0, deleted: 0, sample: [] },
    missingObjects: { count: 0, sample: [] },
    expiredFeedbackImages: { ...expired, maxAgeMinutes: FEEDBACK_IMAGE_TTL_MS / 60_000 },
    endedJobs: { ...retention, events: 0, jobs: 0 },
  };
  const orphan = async (object: StoredObject) => {
    report.orphanObjects.count += 1;
    report.orphanObjects.bytes += object.size;
    if (report.orphanObjects.sample.length < SAMPLE)
      report.orphanObjects.sample.push({
        key: object.key,
        size: object.size,
        modifiedAt: object.modifiedAt.toISOString(),
      });
    if (!deps.dryRun) {
      await deps.storage.delete(object.key);
      report.orphanObjects.deleted += 1;
    }
  };

  for await (const object of deps.storage.list()) {
    report.scanned.objects += 1;
    report.scanned.bytes += object.size;
    if (unseen.delete(object.key)) report.referenced += 1;
    else if (object.modifiedAt.getTime() > cutoff) report.recent += 1;
    else await orphan(object);
  }

  for (const references of unseen.values()) {
    for (const { pending, ...reference } of references) {
      if (pending) continue;
      report.missingObjects.count += 1;
      if (report.missingObjects.sample.length < SAMPLE) report.missingObjects.sample.push(reference);
    }
  }

  const queue = createJobQueue({ db: deps.db, now: deps.now });
  Object.assign(report.endedJobs, await queue.deleteEnded({ ...retention, dryRun: deps.dryRun }));
  return report;
}
