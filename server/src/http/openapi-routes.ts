import { z } from "zod";
import * as api from "@beannote/contract";

/** Bytes in a request or a response body (a file), as OpenAPI writes them. */
export const binary = z.string().meta({ format: "binary" });

/**
 * What /openapi.json says about one route beyond the request schemas it registers itself (params, querystring,
 * JSON body): its summary, what it answers, and a body that is not JSON.
 */
export interface RouteDoc {
  summary: string;
  /** The success envelope's `data` (a contract schema), or the content types of a file answered as is. */
  response: z.ZodType | { files: string[] };
  /** A raw (`application/octet-stream`) or multipart body, read by the route itself. */
  upload?: { contentType: "application/octet-stream" | "multipart/form-data"; schema: z.ZodType };
}

const files = (...contentTypes: string[]) => ({ files: contentTypes });
const image = files("image/png", "image/jpeg");
const multipartFile = (field = "file") => ({
  contentType: "multipart/form-data" as const,
  schema: z.object({ [field]: binary }),
});

/**
 * Every API route, by `METHOD /path` as registered. A route missing here fails server/src/http/openapi.test.ts:
 * add it with the contract schema of its answer.
 */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // health and configuration
  "GET /health": { summary: "Liveness: the process is up", response: z.object({ status: z.literal("ok") }) },
  "GET /ready": {
    summary: "Readiness: the database takes a query and storage a write (503 SERVICE_UNAVAILABLE otherwise)",
    response: z.object({
      status: z.literal("ready"),
      checks: z.object({ database: z.boolean(), storage: z.boolean() }),
    }),
  },
  "GET /config/web": { summary: "The web app's configuration before login", response: api.webConfig },

  // accounts
  "POST /captcha-new": { summary: "A new security image", response: api.captchaNewResponse },
  "POST /member/send-code": { summary: "Mail a verification code", response: api.emptyData },
  "POST /member/check-code": { summary: "Check a verification code", response: api.checkCodeResponse },
  "POST /member/register/email": { summary: "Register with email and code", response: api.tokenResponse },
  "PUT /member/forget": { summary: "Reset the password with a code", response: api.emptyData },
  "POST /member/password-login": { summary: "Log in", response: api.tokenResponse },
  "POST /member/logout": { summary: "Revoke this token", response: api.emptyData },
  "GET /member/get-info": { summary: "The account", response: api.memberInfo },
  "PUT /member/modify-info": { summary: "Change nickname or preferences", response: api.memberInfo },
  "POST /upload/portrait": {
    summary: "Replace the avatar (JPG or PNG)",
    response: api.portraitResponse,
    upload: multipartFile(),
  },
  "GET /media/portraits/:userId/:name": { summary: "An avatar image", response: image },
  "GET /member/student-verify": {
    summary: "The student discount's status",
    response: api.studentVerification,
  },
  "POST /member/student-verify": {
    summary: "Submit a student ID image",
    response: api.studentVerification,
    upload: multipartFile(),
  },
  "GET /member/student-verify/image": { summary: "The submitted student ID image", response: image },
  "GET /beans/ledger": { summary: "Beancoin balance and ledger", response: api.ledgerResponse },

  // files and jobs
  "POST /file/upload-url": {
    summary: "Announce an upload; where to send its bytes",
    response: api.uploadUrlResponse,
  },
  "PUT /file/:fileId/content": {
    summary: "The upload's bytes",
    response: api.fileInfo,
    upload: { contentType: "application/octet-stream", schema: binary },
  },
  "POST /file/:fileId/complete": {
    summary: "Finish a direct (object storage) upload",
    response: api.fileInfo,
  },
  "GET /file/:fileId": { summary: "A file and its parse status", response: api.fileInfo },
  "DELETE /file/:fileId": { summary: "Delete a file", response: api.emptyData },
  "GET /file/:fileId/preview": {
    summary: "The file rendered as PDF for the source viewer",
    response: files("application/pdf"),
  },
  "GET /job/:jobId": { summary: "A job's status and progress", response: api.jobStatusResponse },
  "POST /job/:jobId/cancel": { summary: "Cancel a job", response: api.jobStatusResponse },
  "POST /job/:jobId/events": {
    summary: "A job's progress as server-sent events (resumes after Last-Event-ID)",
    response: files("text/event-stream"),
  },

  // notes
  "POST /note/generate": { summary: "Start a note from files", response: api.generateNoteResponse },
  "GET /note/list": { summary: "The user's notes", response: api.noteListResponse },
  "GET /note/:noteId": { summary: "A note with its sources", response: api.noteDetail },
  "PUT /note/:noteId": { summary: "Edit a note (title, Markdown)", response: api.noteDetail },
  "POST /note/:noteId/reset": { summary: "Back to the generated text", response: api.noteDetail },
  "POST /note/:noteId/copy": { summary: "Copy a note with its study artefacts", response: api.noteDetail },
  "DELETE /note/:noteId": { summary: "Delete a note", response: api.emptyData },
  "POST /note/:noteId/export": {
    summary: "Download the note as PDF, Word or Markdown",
    response: files(
      "application/pdf",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "text/markdown",
    ),
  },
  "POST /note/:noteId/translate": {
    summary: "Translate into a new note",
    response: api.translateNoteResponse,
  },
  "GET /note/:noteId/mind-map": { summary: "The note's mind map", response: api.mindMap },

  // flashcards
  "GET /note/:noteId/flashcards": { summary: "The note's deck", response: api.flashcardDeck },
  "POST /note/:noteId/flashcards/generate": {
    summary: "Generate the deck",
    response: api.artefactJobResponse,
  },
  "POST /note/:noteId/flashcards": { summary: "Add a card", response: api.flashcard },
  "GET /note/:noteId/flashcards/export": {
    summary: "Download the deck as CSV or Anki package",
    response: files("text/csv", "application/octet-stream"),
  },
  "GET /flashcard/due": { summary: "Cards due for review", response: api.dueFlashcardsResponse },
  "PUT /flashcard/:cardId": { summary: "Edit a card", response: api.flashcard },
  "DELETE /flashcard/:cardId": { summary: "Delete a card", response: api.emptyData },
  "POST /flashcard/:cardId/review": { summary: "Rate a review", response: api.reviewFlashcardResponse },

  // quizzes
  "POST /note/:noteId/quiz": { summary: "Generate a quiz", response: api.createQuizResponse },
  "GET /note/:noteId/quizzes": { summary: "The note's quizzes", response: api.quizHistoryResponse },
  "GET /quizzes": { summary: "All quizzes, newest first", response: api.quizHistoryResponse },
  "GET /quiz/:quizId": { summary: "A quiz", response: api.quizDetail },
  "POST /quiz/:quizId/answer": { summary: "Answer a question", response: api.answerQuizResponse },
  "POST /quiz/:quizId/retry": { summary: "Retry a quiz", response: api.retryQuizResponse },

  // slides and podcast
  "GET /note/:noteId/slides": { summary: "The note's slide deck", response: api.slideDeck },
  "POST /note/:noteId/slides": { summary: "Generate the slide deck", response: api.artefactJobResponse },
  "PUT /note/:noteId/slides": { summary: "Edit the slides", response: api.slideDeck },
  "GET /note/:noteId/slides/export": {
    summary: "Download the deck as .pptx or PDF",
    response: files(
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      "application/pdf",
    ),
  },
  "GET /note/:noteId/podcast": { summary: "The note's podcast", response: api.podcastResponse },
  "POST /note/:noteId/podcast": { summary: "Generate the podcast", response: api.artefactJobResponse },
  "GET /note/:noteId/podcast/audio": {
    summary: "The podcast's MP3 (signed link, byte ranges)",
    response: files("audio/mpeg"),
  },

  // ask the document
  "POST /note/:noteId/ask": { summary: "Ask the note's sources a question", response: api.askAnswer },
  "GET /note/:noteId/conversations": {
    summary: "The note's conversations, newest first",
    response: api.conversationListResponse,
  },
  "GET /conversation/:conversationId": { summary: "A conversation", response: api.conversationDetail },
  "DELETE /conversation/:conversationId": {
    summary: "Delete a conversation",
    response: api.deleteConversationResponse,
  },

  // feedback
  "POST /batch/upload/mail": {
    summary: "Upload 1–6 feedback images",
    response: api.feedbackImagesResponse,
    upload: multipartFile(),
  },
  "POST /Feedback": { summary: "Send feedback", response: api.feedbackResponse },
  "GET /media/feedback/:userId/:name": { summary: "A feedback image", response: image },
};
