/**
 * Every API path, written once: the server registers the templates (`app.get(API_ROUTES.note, …)`, fastify's
 * `:param` syntax) and the web app builds addresses from the same templates with `apiPath`.
 */
export const API_ROUTES = {
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
  noteTranslate: "/note/:noteId/translate",
  noteMindMap: "/note/:noteId/mind-map",

  // flashcards
  noteFlashcards: "/note/:noteId/flashcards",
  noteFlashcardsGenerate: "/note/:noteId/flashcards/generate",
  noteFlashcardsExport: "/note/:noteId/flashcards/export",
  flashcardsDue: "/flashcard/due",
  flashcard: "/flashcard/:cardId",
  flashcardReview: "/flashcard/:cardId/review",

  // quizzes
  noteQuiz: "/note/:noteId/quiz",
  noteQuizzes: "/note/:noteId/quizzes",
  quizzes: "/quizzes",
  quiz: "/quiz/:quizId",
  quizAnswer: "/quiz/:quizId/answer",
  quizRetry: "/quiz/:quizId/retry",

  // slides and podcast
  noteSlides: "/note/:noteId/slides",
  noteSlidesExport: "/note/:noteId/slides/export",
  notePodcast: "/note/:noteId/podcast",
  notePodcastAudio: "/note/:noteId/podcast/audio",

  // ask the document
  noteAsk: "/note/:noteId/ask",
  noteConversations: "/note/:noteId/conversations",
  conversation: "/conversation/:conversationId",

  // feedback
  feedbackImages: "/batch/upload/mail",
  feedback: "/Feedback",
  feedbackMedia: "/media/feedback/:userId/:name",
} as const;

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
