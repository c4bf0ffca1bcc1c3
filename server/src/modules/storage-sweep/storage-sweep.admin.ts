import type { Db } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { createJobQueue, isTerminal } from "../../jobs/queue";
import { createWorker } from "../../jobs/worker";
import { createStorageSweepJob, storageSweepJobSpec } from "./storage-sweep.job";
import { SWEEP_MIN_AGE_MINUTES, type JobRetention, type SweepReport } from "./storage-sweep.service";

export const STORAGE_USAGE = `  storage sweep [--dry-run] [--min-age <minutes>]
                                          delete stored objects no row names (older than ${SWEEP_MIN_AGE_MINUTES} min by
                                          default) and feedback images never attached (older than an hour),
                                          and list rows whose object is missing; deletes long-ended
                                          jobs' events and rows (JOB_EVENTS_RETENTION_DAYS, JOB_RETENTION_DAYS);
                                          runs as a job`;

const POLL_MS = 200;
const quiet = { info() {}, warn() {}, error() {} };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The report as lines: a summary, then one tab-separated line per sampled orphan and missing object. */
export function formatSweepReport(report: SweepReport): string[] {
  const { orphanObjects: orphans, missingObjects: missing } = report;
  const lines = [
    `storage sweep of ${report.storage}${report.dryRun ? " (dry run: nothing deleted)" : ""}`,
    `objects: ${report.scanned.objects} (${megabytes(report.scanned.bytes)}); named by a row: ${report.referenced}; ` +
      `unnamed but younger than ${report.minAgeMinutes} min (kept): ${report.recent}`,
    `orphan objects: ${orphans.count} (${megabytes(orphans.bytes)}), deleted: ${orphans.deleted}`,
    ...orphans.sample.map((object) => ["orphan", object.key, object.size, object.modifiedAt].join("\t")),
    `rows without their object: ${missing.count}`,
    ...missing.sample.map((row) => ["missing", row.table, row.column, row.id, row.key].join("\t")),
  ];
  const expired = report.expiredFeedbackImages;
  lines.push(
    `feedback images never attached, older than ${expired.maxAgeMinutes} min: ${expired.count} ` +
      `(${megabytes(expired.bytes)}), deleted: ${expired.deleted}`,
  );
  const unlisted = orphans.count - orphans.sample.length + (missing.count - missing.sample.length);
  const ended = report.endedJobs;
  // A report kept by a job from before retention has none.
  if (ended)
    lines.push(
      `events of jobs ended over ${ended.eventsDays} days ago: ${ended.events}; ` +
        `jobs ended over ${ended.jobsDays} days ago that nothing names: ${ended.jobs}` +
        (report.dryRun ? " (not deleted)" : " (deleted)"),
    );
  if (unlisted > 0) lines.push(`(${unlisted} more not listed)`);
  return lines;
}

/**
 * `npm run admin -- storage sweep`: queues the sweep job and waits for its report. A running worker may take
 * it; this command also runs a worker for sweeps only, so it works when no server is running.
 */
export async function storageAdmin(
  args: string[],
  deps: { db: Db; storage: Storage; jobRetention?: JobRetention },
  out: (line: string) => void,
): Promise<number | undefined> {
  const [sub, ...flags] = args;
  if (sub !== "sweep") return undefined;
  let dryRun = false;
  let minAgeMinutes = SWEEP_MIN_AGE_MINUTES;
  for (let i = 0; i < flags.length; i++) {
    if (flags[i] === "--dry-run") dryRun = true;
    else if (flags[i] === "--min-age" && /^\d+$/.test(flags[i + 1] ?? "")) minAgeMinutes = Number(flags[++i]);
    else return undefined;
  }

  const queue = createJobQueue({ db: deps.db });
  const job = await queue.enqueue(storageSweepJobSpec, { dryRun, minAgeMinutes });
  const worker = createWorker({
    queue,
    definitions: [createStorageSweepJob(deps)],
    logger: quiet,
    concurrency: 1,
    pollMs: POLL_MS,
  });
  worker.start();
  let row = await queue.get(job.id);
  try {
    while (row && !isTerminal(row.status)) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      row = await queue.get(job.id);
    }
  } finally {
    await worker.stop();
  }
  if (row?.status !== "done") {
    out(
      `error: the sweep job ${job.id} ended ${row?.status ?? "missing"}: ${row?.errorMessage ?? ""}`.trim(),
    );
    return 2;
  }
  for (const line of formatSweepReport(row.result as SweepReport)) out(line);
  out(`job: ${job.id}`);
  return 0;
}
