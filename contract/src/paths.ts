import { ARTEFACT_KIND_CONTRACTS } from "./artefact-kinds";
import { composed, type KindContract } from "./kind-contract";

/** The paths that belong to no artefact kind (each kind declares its own in its contract file). */
const BASE_API_ROUTES = {
  // health and configuration
  health: "/health",
  ready: "/ready",
  webConfig: "/config/web",

  // accounts
  captchaNew: "/captcha-new",
  memberSendCode: "/member/send-code",
  memberCheckCode: "/member/check-code",
  memberRegister: "/member/register/email",
  memberForget: "/member/forget",
  memberLogin: "/member/password-login",
  memberLogout: "/member/logout",
  memberInfo: "/member/get-info",
  memberModifyInfo: "/member/modify-info",
  portraitUpload: "/upload/portrait",
  portraitMedia: "/media/portraits/:userId/:name",
  studentVerify: "/member/student-verify",
  studentVerifyImage: "/member/student-verify/image",
  beansLedger: "/beans/ledger",

  // files and jobs
  fileUploadUrl: "/file/upload-url",
  file: "/file/:fileId",
  fileContent: "/file/:fileId/content",
  fileComplete: "/file/:fileId/complete",
  filePreview: "/file/:fileId/preview",
  job: "/job/:jobId",
  jobCancel: "/job/:jobId/cancel",
  jobEvents: "/job/:jobId/events",

  // notes
  noteGenerate: "/note/generate",
  noteList: "/note/list",
  note: "/note/:noteId",
  noteReset: "/note/:noteId/reset",
  noteCopy: "/note/:noteId/copy",
  noteExport: "/note/:noteId/export",

  // ask the document
  noteAsk: "/note/:noteId/ask",
  noteConversations: "/note/:noteId/conversations",
  conversation: "/conversation/:conversationId",

  // feedback
  feedbackImages: "/batch/upload/mail",
  feedback: "/Feedback",
  feedbackMedia: "/media/feedback/:userId/:name",
} as const;

/** Every API path by name: those of no kind, then each artefact kind's (a name declared twice throws). */
export const apiRoutesOf = <Kinds extends readonly KindContract[]>(kinds: Kinds) =>
  composed(BASE_API_ROUTES, kinds, "paths");

/**
 * Every API path, written once: the server registers the templates (`app.get(API_ROUTES.note, …)`, fastify's
 * `:param` syntax) and the web app builds addresses from the same templates with `apiPath`.
 */
export const API_ROUTES = apiRoutesOf(ARTEFACT_KIND_CONTRACTS);

export type ApiRoute = keyof typeof API_ROUTES;

/** The `:name` parameters of a path template. */
export type PathParams<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : T extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsArgument<K extends ApiRoute> = [PathParams<(typeof API_ROUTES)[K]>] extends [never]
  ? []
  : [params: Record<PathParams<(typeof API_ROUTES)[K]>, string>];

/** The address of a route, its parameters URL-encoded: `apiPath("noteFlashcards", { noteId })`. */
export function apiPath<K extends ApiRoute>(route: K, ...[params]: ParamsArgument<K>): string {
  const values = (params ?? {}) as Record<string, string>;
  return API_ROUTES[route].replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath(${route}): no value for :${name}`);
    return encodeURIComponent(value);
  });
}
