/** Business constants of spec §9 shared by server and web. */
export const CLIENT_VERSION = "1.0.1";
export const APP_VERSION = "1.0.0";

export const UPLOAD_MAX_MB_DEFAULT = 100;
export const PORTRAIT_MAX_BYTES = 2 * 1024 * 1024;
export const FEEDBACK_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_QUIZ_QUESTIONS = 15;
export const STUDENT_DISCOUNT_PERCENT = 70;

export const FILE_FORMATS = ["pdf", "docx", "pptx", "doc", "ppt"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];
export const FILE_ACCEPT = ".pdf,.docx,.pptx,.doc,.ppt";

export const LOCALES = [
  "zh-CN",
  "en-US",
  "zh-hk",
  "ja-JP",
  "pt-BR",
  "ko-KR",
  "de-DE",
  "fr-FR",
  "ru",
  "es-ES",
  "it",
  "th",
  "sr",
  "pl",
] as const;
export type Locale = (typeof LOCALES)[number];

/** Languages a note can be written in (and the selectable interface languages of spec §9). */
export const OUTPUT_LANGUAGES = [
  "zh-CN",
  "en-US",
  "ja-JP",
  "ko-KR",
  "fr-FR",
  "de-DE",
  "pt-BR",
  "es-ES",
] as const;
export type OutputLanguage = (typeof OUTPUT_LANGUAGES)[number];

export const DETAIL_LEVELS = ["simple", "detail"] as const;
export type DetailLevel = (typeof DETAIL_LEVELS)[number];

export const QUESTION_TYPES = [
  "choice",
  "multiple_choice",
  "judgment",
  "short_answer",
  "case_analysis",
  "discourse",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const FEEDBACK_TYPES = ["usage_bug", "product_suggestion", "other"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const NOTE_SORTS = ["modified_desc", "modified_asc", "name_asc", "name_desc"] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 32;
export const CODE_LENGTH = 6;
