/**
 * A worker process for the crash test (worker-crash.test.ts): runs `test.crashable` jobs from the database
 * given by BEANNOTE_TEST_DATABASE_URL or BEANNOTE_TEST_DATA_DIR. With CHILD_MODE=hang the job never ends
 * (the test kills the process with SIGKILL); with CHILD_MODE=finish it completes. The process exits once
 * the job BEANNOTE_TEST_JOB_ID has ended.
 */
import { z } from "zod";
import { openDatabase } from "../db/client";
import { defineJob } from "./definition";
import { createJobQueue, isTerminal } from "./queue";
import { createWorker } from "./worker";

const database = await openDatabase({
  url: process.env.BEANNOTE_TEST_DATABASE_URL || undefined,
  dataDir: process.env.BEANNOTE_TEST_DATA_DIR ?? "",
});
const queue = createJobQueue({ db: database.db });
const jobId = process.env.BEANNOTE_TEST_JOB_ID!;
const hang = process.env.CHILD_MODE === "hang";
const log = (line: string) => process.stdout.write(`${line}\n`);

const worker = createWorker({
  queue,
  logger: { info() {}, warn() {}, error: (obj) => log(`error ${JSON.stringify(obj)}`) },
  pollMs: 100,
  leaseMs: 1500,
  heartbeatMs: 300,
  definitions: [
    defineJob({
      name: "test.crashable",
      payload: z.object({ fileId: z.string() }),
      maxAttempts: 2,
      backoff: { baseMs: 10, maxMs: 10 },
      async handler({ job, progress, signal }) {
        await progress("work", 50, "progress.working");
        log(`started ${job.attempts}`);
        if (hang) await new Promise(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (signal.aborted) throw signal.reason;
        return { finishedBy: process.pid };
      },
      async onFailed(_job, reason) {
        log(`onFailed ${reason.code}`);
      },
    }),
  ],
});
worker.start();
log("ready");
for (;;) {
  const job = await queue.get(jobId);
  if (job && isTerminal(job.status)) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await worker.stop();
await database.close();
log("finished");
process.exit(0);
