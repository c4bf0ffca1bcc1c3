import type { FeedbackService, FeedbackView } from "./feedback.service";

export const FEEDBACK_USAGE = `  feedback list [count]                   newest feedback first (default 20)
  feedback show <feedbackId>              one feedback in full, with its image links
  feedback export [file.csv]              every feedback as CSV (to the file, else to stdout)`;

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const CSV_COLUMNS = [
  "feedbackId",
  "createdAt",
  "type",
  "email",
  "accountEmail",
  "userId",
  "suggestion",
  "images",
];

/** Feedback as CSV lines (header first); images are space-separated links. */
export function feedbackCsv(items: FeedbackView[]): string[] {
  return [
    CSV_COLUMNS.join(","),
    ...items.map((item) =>
      [
        item.feedbackId,
        item.createdAt,
        item.type,
        item.email,
        item.accountEmail,
        item.userId,
        item.suggestion,
        item.imageUrls.join(" "),
      ]
        .map(csvField)
        .join(","),
    ),
  ];
}

/** `npm run admin -- feedback …`; undefined when the arguments are not a feedback command. */
export async function feedbackAdmin(
  args: string[],
  feedback: FeedbackService,
  out: (line: string) => void,
): Promise<number | undefined> {
  const [sub, arg] = args;
  if (sub === "list") {
    const count = arg === undefined ? 20 : Number(arg);
    if (!Number.isInteger(count) || count < 1) return undefined;
    const items = await feedback.list(count);
    out(["feedbackId", "createdAt", "type", "email", "images", "suggestion"].join("\t"));
    for (const item of items) {
      const firstLine = item.suggestion.split("\n")[0]!;
      out(
        [
          item.feedbackId,
          item.createdAt,
          item.type,
          item.email,
          item.imageUrls.length,
          firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine,
        ].join("\t"),
      );
    }
    return 0;
  }
  if (sub === "show" && arg) {
    const item = await feedback.show(arg);
    out(`feedback ${item.feedbackId}`);
    out(`sent      ${item.createdAt}`);
    out(`type      ${item.type}`);
    out(`reply to  ${item.email}`);
    out(`account   ${item.accountEmail} (user ${item.userId})`);
    out(`mailed    ${item.mailedAt ?? "no"}`);
    out("");
    for (const line of item.suggestion.split("\n")) out(`  ${line}`);
    out("");
    for (const url of item.imageUrls) out(`image     ${url}`);
    return 0;
  }
  if (sub === "export") {
    for (const line of feedbackCsv(await feedback.list(1_000_000))) out(line);
    return 0;
  }
  return undefined;
}
