import { defineJob, PermanentJobError } from "../../jobs/definition";
import type { Mailer } from "../../mail/mailer";
import { mailFeedbackJob, type FeedbackService, type FeedbackView } from "./feedback.service";

const TYPE_LABELS: Record<FeedbackView["type"], string> = {
  usage_bug: "Problem using the product",
  product_suggestion: "Product suggestion",
  other: "Other",
};

/** The operator's mail: everything of the feedback, its images as links. */
export function feedbackMail(item: FeedbackView): { subject: string; text: string } {
  const lines = [
    `Type: ${TYPE_LABELS[item.type]} (${item.type})`,
    `Reply to: ${item.email}`,
    `Account: ${item.accountEmail} (user ${item.userId})`,
    `Sent: ${item.createdAt}`,
    "",
    item.suggestion,
    "",
    `Images (${item.imageUrls.length}):`,
    ...item.imageUrls.map((url) => `  ${url}`),
    "",
    `Feedback id: ${item.feedbackId} (npm run admin -- feedback show ${item.feedbackId})`,
  ];
  const firstLine = item.suggestion.split("\n")[0]!.slice(0, 60);
  return { subject: `[BeanNote feedback] ${TYPE_LABELS[item.type]}: ${firstLine}`, text: lines.join("\n") };
}

/** Sends a feedback to FEEDBACK_MAIL_TO once; a retry after a sent mail does not send it again. */
export function createMailFeedbackJob(deps: {
  feedback: FeedbackService;
  mailer: Mailer;
  mailTo: string | undefined;
  now?: () => Date;
}) {
  return defineJob({
    ...mailFeedbackJob,
    async handler(ctx) {
      if (!deps.mailTo) throw new PermanentJobError("SERVICE_UNAVAILABLE", "FEEDBACK_MAIL_TO is not set");
      const item = await deps.feedback.show(ctx.payload.feedbackId);
      if (item.mailedAt) return { mailed: false };
      await deps.mailer.send({ to: deps.mailTo, ...feedbackMail(item) });
      await deps.feedback.markMailed(item.feedbackId, deps.now?.() ?? new Date());
      return { mailed: true };
    },
  });
}
