import { ARTEFACT_KIND_CONTRACTS, composed, type KindContract } from "@beannote/contract";
import { z } from "zod";

/** Bytes in a request or a response body (a file), as OpenAPI writes them. */
export const binary = z.string().meta({ format: "binary" });

/**
 * What /openapi.json says about one route beyond the request schemas it registers itself (params, querystring,
 * JSON body): its summary, what it answers, and a body that is not JSON.
 */
export interface RouteDoc {
  summary: string;
  /**
   * The content types of a file answered as is. A JSON route declares its answer itself (`schema.response`, the
   * envelope around a contract schema), which the serializer applies and /openapi.json shows.
   */
  files?: readonly string[];
  /** A raw (`application/octet-stream`) or multipart body, read by the route itself. */
  upload?: { contentType: "application/octet-stream" | "multipart/form-data"; schema: z.ZodType };
}

const files = (...contentTypes: string[]) => contentTypes;
const image = files("image/png", "image/jpeg");
const multipartFile = (field = "file") => ({
  contentType: "multipart/form-data" as const,
  schema: z.object({ [field]: binary }),
});

/** The routes of no artefact kind (each kind describes its own in its contract file: its `routes`). */
const BASE_ROUTE_DOCS: Record<string, RouteDoc> = {
  // health and configuration
  "GET /health": { summary: "Liveness: the process is up" },
  "GET /ready": {
    summary: "Readiness: the database takes a query and storage a write (503 SERVICE_UNAVAILABLE otherwise)",
  },
  "GET /config/web": { summary: "The web app's configuration before login" },

  // accounts
  "POST /captcha-new": { summary: "A new security image" },
  "POST /member/send-code": { summary: "Mail a verification code" },
  "POST /member/check-code": { summary: "Check a verification code" },
  "POST /member/register/email": { summary: "Register with email and code" },
  "PUT /member/forget": { summary: "Reset the password with a code" },
  "POST /member/password-login": { summary: "Log in" },
  "POST /member/logout": { summary: "Revoke this token" },
  "GET /member/get-info": { summary: "The account" },
  "PUT /member/modify-info": { summary: "Change nickname or preferences" },
  "POST /upload/portrait": {
    summary: "Replace the avatar (JPG or PNG)",
    upload: multipartFile(),
  },
  "GET /media/portraits/:userId/:name": { summary: "An avatar image", files: image },
  "GET /member/student-verify": {
    summary: "The student discount's status",
  },
  "POST /member/student-verify": {
    summary: "Submit a student ID image",
    upload: multipartFile(),
  },
  "GET /member/student-verify/image": { summary: "The submitted student ID image", files: image },
  "GET /beans/ledger": { summary: "Beancoin balance and ledger" },

  // files and jobs
  "POST /file/upload-url": {
    summary: "Announce an upload; where to send its bytes",
  },
  "PUT /file/:fileId/content": {
    summary: "The upload's bytes",
    upload: { contentType: "application/octet-stream", schema: binary },
  },
  "POST /file/:fileId/complete": {
    summary: "Finish a direct (object storage) upload",
  },
  "GET /file/:fileId": { summary: "A file and its parse status" },
  "DELETE /file/:fileId": { summary: "Delete a file" },
  "GET /file/:fileId/preview": {
    summary: "The file rendered as PDF for the source viewer",
    files: files("application/pdf"),
  },
  "GET /job/:jobId": { summary: "A job's status and progress" },
  "POST /job/:jobId/cancel": { summary: "Cancel a job" },
  "POST /job/:jobId/events": {
    summary: "A job's progress as server-sent events (resumes after Last-Event-ID)",
    files: files("text/event-stream"),
  },

  // notes
  "POST /note/generate": { summary: "Start a note from files" },
  "GET /note/list": { summary: "The user's notes" },
  "GET /note/:noteId": { summary: "A note with its sources" },
  "PUT /note/:noteId": { summary: "Edit a note (title, Markdown)" },
  "POST /note/:noteId/reset": { summary: "Back to the generated text" },
  "POST /note/:noteId/copy": { summary: "Copy a note with its study artefacts" },
  "DELETE /note/:noteId": { summary: "Delete a note" },
  "POST /note/:noteId/export": {
    summary: "Download the note as PDF, Word or Markdown",
    files: files(
      "application/pdf",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "text/markdown",
    ),
  },

  // ask the document
  "POST /note/:noteId/ask": { summary: "Ask the note's sources a question" },
  "GET /note/:noteId/conversations": {
    summary: "The note's conversations, newest first",
  },
  "GET /conversation/:conversationId": { summary: "A conversation" },
  "DELETE /conversation/:conversationId": {
    summary: "Delete a conversation",
  },

  // feedback
  "POST /batch/upload/mail": {
    summary: "Upload 1–6 feedback images",
    upload: multipartFile(),
  },
  "POST /Feedback": { summary: "Send feedback" },
  "GET /media/feedback/:userId/:name": { summary: "A feedback image", files: image },
};

/** Every route's doc: those of no kind, then each artefact kind's (a route described twice throws). */
export const routeDocsOf = (kinds: readonly KindContract[]): Record<string, RouteDoc> =>
  composed(BASE_ROUTE_DOCS, kinds, "routes");

/**
 * Every API route, by `METHOD /path` as registered. A route missing here, or answering JSON without declaring its
 * `schema.response`, fails server/src/http/openapi.test.ts.
 */
export const ROUTE_DOCS = routeDocsOf(ARTEFACT_KIND_CONTRACTS);
