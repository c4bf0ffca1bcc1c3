import path from "node:path";
import { z } from "zod";
import { UPLOAD_MAX_MB_DEFAULT } from "@beannote/contract";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));
const onOff = z.enum(["on", "off"]);

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
  STARTING_BEANS: z.coerce.number().int().min(0).default(100),
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
  PARSE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  PARSE_TIMEOUT_S: z.coerce.number().positive().default(120),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  aiEngine: "offline" | "llm";
  uploadMaxBytes: number;
};

export class ConfigError extends Error {}

/** Parses the environment once at boot; throws a readable message naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  const aiEngine = config.AI_BASE_URL && config.AI_MODEL ? "llm" : "offline";
  return {
    ...config,
    dataDir: path.resolve(config.DATA_DIR),
    aiEngine,
    uploadMaxBytes: Math.floor(config.UPLOAD_MAX_MB * 1024 * 1024),
  };
}
