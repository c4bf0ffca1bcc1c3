import path from "node:path";
import { z } from "zod";
import { DEFAULT_BEAN_COSTS, UPLOAD_MAX_MB_DEFAULT, type BeanCosts } from "@beannote/contract";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));
const BOOLEAN_WORDS = new Map<string, "on" | "off">([
  ...["true", "1", "yes", "on"].map((word) => [word, "on"] as const),
  ...["false", "0", "no", "off"].map((word) => [word, "off"] as const),
]);
/** A boolean variable, read as `on` or `off` from true/false, 1/0, yes/no or on/off in any case. */
const onOff = z.string().transform((value, ctx) => {
  const word = BOOLEAN_WORDS.get(value.trim().toLowerCase());
  if (word) return word;
  ctx.addIssue({ code: "custom", message: `"${value}" is not one of true/false, 1/0, yes/no or on/off` });
  return z.NEVER;
});

/** `key=value` pairs over the default Beancoin prices; an unknown key or a non-integer price is refused. */
function parseBeanCosts(value: string | undefined, ctx: z.RefinementCtx): BeanCosts {
  const costs = { ...DEFAULT_BEAN_COSTS };
  for (const pair of (value ?? "").split(",").map((part) => part.trim())) {
    if (!pair) continue;
    const [key = "", amount = ""] = pair.split("=").map((part) => part.trim());
    if (!(key in costs) || !/^\d+$/.test(amount)) {
      ctx.addIssue({
        code: "custom",
        message: `"${pair}" is not <price>=<whole number>; prices: ${Object.keys(costs).join(", ")}`,
      });
      continue;
    }
    costs[key as keyof BeanCosts] = Number(amount);
  }
  return costs;
}

/** Quotas against floods: captchas per client address per minute; per user, open upload slots, the bytes they
 * may announce together, uploads per hour, feedback screenshot uploads and feedback per hour, note copies per
 * minute. */
export const QUOTA_DEFAULTS = {
  CAPTCHAS_PER_MINUTE: 30,
  UPLOAD_OPEN_MAX: 20,
  UPLOAD_OPEN_MB: 1024,
  UPLOADS_PER_HOUR: 100,
  FEEDBACK_IMAGE_UPLOADS_PER_HOUR: 12,
  FEEDBACK_PER_HOUR: 10,
  NOTE_COPIES_PER_MINUTE: 10,
} as const;

/** Every environment variable the server reads; the README lists the same ones with the same defaults. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("BeanNote <no-reply@beannote.local>"),
  CAPTCHA: onOff.default("on"),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(UPLOAD_MAX_MB_DEFAULT),
  UPLOAD_OPEN_MAX: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.UPLOAD_OPEN_MAX),
  UPLOAD_OPEN_MB: z.coerce.number().positive().default(QUOTA_DEFAULTS.UPLOAD_OPEN_MB),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.UPLOADS_PER_HOUR),
  CAPTCHAS_PER_MINUTE: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.CAPTCHAS_PER_MINUTE),
  FEEDBACK_IMAGE_UPLOADS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(QUOTA_DEFAULTS.FEEDBACK_IMAGE_UPLOADS_PER_HOUR),
  FEEDBACK_PER_HOUR: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.FEEDBACK_PER_HOUR),
  NOTE_COPIES_PER_MINUTE: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.NOTE_COPIES_PER_MINUTE),
  STARTING_BEANS: z.coerce.number().int().min(0).default(100),
  /** `off` turns every Beancoin charge off (self-hosting without the mobile app's payments). */
  BEANS: onOff.default("on"),
  /** Overrides of the default prices, e.g. `noteBase=2,notePer10Pages=1,podcast=8`. */
  BEAN_COSTS: z.string().optional().transform(parseBeanCosts),
  /** Where each feedback is mailed (with links to its images); unset: feedback is only stored. */
  FEEDBACK_MAIL_TO: optionalString.pipe(z.email().optional()),
  APP_DOWNLOAD_URL: z.string().default("https://beannote.app/download"),
  TOKEN_TTL_DAYS: z.coerce.number().positive().default(30),
  TRUST_PROXY: onOff.default("off"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: optionalString,
  AI_BASE_URL: optionalString,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_CONTEXT_TOKENS: z.coerce.number().int().min(1000).default(8000),
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** One model request that has not answered by then is abandoned and asked again (bounded retries). */
  AI_TIMEOUT_S: z.coerce.number().positive().default(120),
  PARSE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  PARSE_TIMEOUT_S: z.coerce.number().positive().default(120),
  /** How long a worker's claim on a job holds without a heartbeat (every ≤ 2 s): a killed worker's job is taken over by another within this. */
  JOB_LEASE_S: z.coerce.number().min(3).max(600).default(30),
  /** The storage sweep deletes the events of jobs ended longer ago than this (their streams close with the row). */
  JOB_EVENTS_RETENTION_DAYS: z.coerce.number().positive().default(7),
  /** The storage sweep deletes jobs ended longer ago than this that no row names and no tab shows. */
  JOB_RETENTION_DAYS: z.coerce.number().positive().default(30),
  /** `off`: pages without a text layer (scans) stay unread; a file with nothing else fails FILE_NO_TEXT_NO_OCR. */
  OCR: onOff.default("on"),
  /** Tesseract processes at once in a worker process (each uses one core). */
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Pages recognised per file at most; the rest is skipped, with a notice in the note. */
  OCR_MAX_PAGES: z.coerce.number().int().min(1).default(200),
  /** Time limit per page (rendering and recognition); PARSE_TIMEOUT_S still bounds the whole file. */
  OCR_PAGE_TIMEOUT_S: z.coerce.number().positive().default(60),
  /** The Tesseract 5 program (Debian: `tesseract-ocr` and its language packs). */
  TESSERACT_PATH: z.string().default("tesseract"),
  /** OpenAI-compatible `/audio/speech` for podcast voices; unset: offline espeak-ng. */
  TTS_BASE_URL: optionalString,
  TTS_API_KEY: optionalString,
  TTS_MODEL: z.string().default("tts-1"),
  /** The two hosts' voices: `host,guest`, optionally `;zh-CN=host,guest` per output language. */
  TTS_VOICES: z.string().default("alloy,nova"),
  /** Podcast lines synthesised at once (espeak-ng threads or TTS requests). */
  SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Headless Chromium that prints PDF exports (Debian: `apt-get install chromium`). */
  CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
  /** PDF exports printed at once per process; the rest wait their turn. */
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Longest PDF export in A4 pages, measured before printing; longer answers EXPORT_TOO_LARGE. */
  EXPORT_MAX_PAGES: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Time limit of one export (PDF: loading and printing; DOCX: building), past it EXPORT_TOO_LARGE. */
  EXPORT_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(120),
  /** Word and PDF exports (and mind maps of large notes) one user may start per minute. */
  EXPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Threads that build exports and mind maps of large notes off the event loop (started when needed). */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Set: files live in this S3-compatible bucket instead of DATA_DIR/files (uploads go straight to it). */
  S3_BUCKET: optionalString,
  /** Unset: AWS S3 of S3_REGION; else MinIO, R2, Ceph… (`http://127.0.0.1:9000`). */
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: z.string().default("us-east-1"),
  /** Unset (both): the AWS SDK's default credentials (AWS_ACCESS_KEY_ID…, instance roles). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** `on` for servers without per-bucket host names (MinIO and most self-hosted ones). */
  S3_FORCE_PATH_STYLE: onOff.default("off"),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  aiEngine: "offline" | "llm";
  uploadMaxBytes: number;
};

export class ConfigError extends Error {}

/** S3 settings that cannot work together, or undefined. */
function s3ConfigProblem(config: z.infer<typeof configSchema>): string | undefined {
  const s3Set = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter(
    (key) => config[key],
  );
  if (!config.S3_BUCKET && s3Set.length > 0)
    return `S3_BUCKET: required when ${s3Set.join(", ")} is set (files stay in DATA_DIR without it)`;
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY))
    return "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither";
  return undefined;
}

/** Parses the environment once at boot; throws a readable message naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const s3Problem = s3ConfigProblem(config);
  if (s3Problem) throw new ConfigError(`Invalid configuration:\n  ${s3Problem}`);
  const aiEngine = config.AI_BASE_URL && config.AI_MODEL ? "llm" : "offline";
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    aiEngine,
    uploadMaxBytes: Math.floor(config.UPLOAD_MAX_MB * 1024 * 1024),
  };
}
