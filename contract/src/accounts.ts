import { z } from "zod";
import { CODE_LENGTH, NICKNAME_MAX, OUTPUT_LANGUAGES, PASSWORD_MAX, PASSWORD_MIN, LOCALES } from "./limits";
import { plainText } from "./text";
import { beansWebConfig } from "./beans";
import { featureAvailability } from "./translate";

/** 8–64 characters with at least one letter and one digit. */
export const passwordRule = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(/\p{L}/u)
  .regex(/\p{Nd}/u);

export const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
export const codeType = z.enum(["register", "forget"]);
export type CodeType = z.infer<typeof codeType>;
const code = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`));

// GET /config/web
export const webConfig = z.object({
  version: z.string(),
  clientVersion: z.string(),
  appVersion: z.string(),
  limits: z.object({
    uploadMaxBytes: z.number(),
    portraitMaxBytes: z.number(),
    feedbackImageMaxBytes: z.number(),
    maxQuizQuestions: z.number(),
    passwordMin: z.number(),
    passwordMax: z.number(),
    codeLength: z.number(),
    codeResendSeconds: z.number(),
  }),
  formats: z.array(z.string()),
  accept: z.string(),
  outputLanguages: z.array(z.string()),
  detailLevels: z.array(z.string()),
  questionTypes: z.array(z.string()),
  feedbackTypes: z.array(z.string()),
  locales: z.array(z.string()),
  features: z.object({
    captcha: z.boolean(),
    aiEngine: z.enum(["offline", "llm"]),
    /** Translation needs a model: unavailable offline, with `TRANSLATE_NEEDS_MODEL` as the reason. */
    translate: featureAvailability,
    /** PDF export needs Chromium on the server: unavailable without it (`EXPORT_UNAVAILABLE`). */
    exportPdf: featureAvailability,
  }),
  appDownloadUrl: z.string(),
  /** Beancoin prices, shown before a student confirms an action. */
  beans: beansWebConfig,
});
export type WebConfig = z.infer<typeof webConfig>;

// POST /captcha-new
export const captchaNewRequest = z.object({}).passthrough();
export const captchaNewResponse = z.object({ captchaId: z.string(), image: z.string() });
export type CaptchaNewResponse = z.infer<typeof captchaNewResponse>;

// POST /member/send-code
export const sendCodeRequest = z.object({
  email,
  type: codeType,
  captchaId: plainText().max(100).optional(),
  captchaCode: plainText().max(20).optional(),
  area: plainText().max(20).optional(),
});
export type SendCodeRequest = z.infer<typeof sendCodeRequest>;

// POST /member/check-code
export const checkCodeRequest = z.object({ email, type: codeType, code });
export type CheckCodeRequest = z.infer<typeof checkCodeRequest>;
export const checkCodeResponse = z.object({ valid: z.literal(true) });

// POST /member/register/email
export const registerRequest = z.object({
  email,
  code,
  password: z.string().max(200),
  nickname: plainText().trim().min(1).max(NICKNAME_MAX).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;
export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

// PUT /member/forget
export const forgetRequest = z.object({
  email,
  code,
  password: z.string().max(200),
  confirmPassword: z.string().max(200),
});
export type ForgetRequest = z.infer<typeof forgetRequest>;

// POST /member/password-login
export const loginRequest = z.object({ email, password: z.string().min(1).max(200) });
export type LoginRequest = z.infer<typeof loginRequest>;

// GET /member/get-info and PUT /member/modify-info
export const memberInfo = z.object({
  nickname: z.string(),
  userId: z.string(),
  iconUrl: z.string(),
  phone: z.string(),
  effectCloudBeans: z.number(),
  mailAccount: z.string(),
  language: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const modifyInfoRequest = z
  .object({
    nickname: plainText().trim().min(1).max(NICKNAME_MAX).optional(),
    language: z.enum([...LOCALES, ...OUTPUT_LANGUAGES] as [string, ...string[]]).optional(),
  })
  .strict();
export type ModifyInfoRequest = z.infer<typeof modifyInfoRequest>;

// POST /upload/portrait
export const portraitResponse = z.object({ iconUrl: z.string() });
export type PortraitResponse = z.infer<typeof portraitResponse>;
