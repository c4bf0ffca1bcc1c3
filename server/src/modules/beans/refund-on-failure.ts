import type { JobDefinition } from "../../jobs/definition";
import type { BeanService } from "./beans.service";

/**
 * Every job refunds its Beancoin charges when it ends failed or cancelled, whatever its kind: the job's own
 * failure hook runs too, and a job that charged nothing costs one indexed lookup.
 */
export function refundOnFailure(
  beans: Pick<BeanService, "refundJob">,
  definitions: JobDefinition[],
): JobDefinition[] {
  return definitions.map((definition) => ({
    ...definition,
    async onFailed(job, reason, payload) {
      try {
        await beans.refundJob(job.id);
      } finally {
        await definition.onFailed?.(job, reason, payload);
      }
    },
  }));
}
