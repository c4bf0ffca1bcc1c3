import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  APP_VERSION,
  CLIENT_VERSION,
  CODE_LENGTH,
  DETAIL_LEVELS,
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_TYPES,
  FILE_ACCEPT,
  FILE_FORMATS,
  LOCALES,
  MAX_QUIZ_QUESTIONS,
  okResponse,
  OUTPUT_LANGUAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PORTRAIT_MAX_BYTES,
  QUESTION_TYPES,
  type WebConfig,
  webConfig,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import type { AppDeps } from "../../http/app-deps";
import { CODE_RESEND_MS } from "../member/member.service";
import { beansWebConfig } from "../beans/bean-costs";
import { pdfExportAvailability } from "../export/export.service";
import { translateAvailability } from "../translate/translate.service";

export function webConfigRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { config } = deps;
  const body: WebConfig = {
    version: APP_VERSION,
    clientVersion: CLIENT_VERSION,
    appVersion: APP_VERSION,
    limits: {
      uploadMaxBytes: config.uploadMaxBytes,
      portraitMaxBytes: PORTRAIT_MAX_BYTES,
      feedbackImageMaxBytes: FEEDBACK_IMAGE_MAX_BYTES,
      maxQuizQuestions: MAX_QUIZ_QUESTIONS,
      passwordMin: PASSWORD_MIN,
      passwordMax: PASSWORD_MAX,
      codeLength: CODE_LENGTH,
      codeResendSeconds: CODE_RESEND_MS / 1000,
    },
    formats: [...FILE_FORMATS],
    accept: FILE_ACCEPT,
    outputLanguages: [...OUTPUT_LANGUAGES],
    detailLevels: [...DETAIL_LEVELS],
    questionTypes: [...QUESTION_TYPES],
    feedbackTypes: [...FEEDBACK_TYPES],
    locales: [...LOCALES],
    features: {
      captcha: config.CAPTCHA === "on",
      aiEngine: config.aiEngine,
      translate: translateAvailability(config),
      exportPdf: pdfExportAvailability(config),
    },
    appDownloadUrl: config.APP_DOWNLOAD_URL,
    beans: beansWebConfig(config),
  };
  return async (app) => {
    app.get(
      API_ROUTES.webConfig,
      { config: { public: true }, schema: { response: okResponse(webConfig) } },
      async (request) => ok(request, body),
    );
  };
}
