import { z } from "zod";
import { isStorableText } from "./text";
import { entityId } from "./text";

/** A question is 1–2,000 characters after trimming; anything else is `QUESTION_INVALID`. */
export const QUESTION_MAX = 2000;
/** Conversations listed per note (newest first). */
export const CONVERSATIONS_LIST_MAX = 100;

export const conversationIdParams = z.object({ conversationId: entityId });

// POST /note/:noteId/ask
export const askRequest = z
  .object({
    question: z
      .string("QUESTION_INVALID")
      .trim()
      .min(1, "QUESTION_INVALID")
      .max(QUESTION_MAX, "QUESTION_INVALID")
      .refine(isStorableText, "QUESTION_INVALID"),
    /** Continues a conversation of this note; absent: a new one. */
    conversationId: entityId.optional(),
    /**
     * True: answer at once with the job writing the answer (`status: "answering"`), whose events carry it
     * (`partial` tokens on a model, then `done` with the answer). Else the call waits for the answer.
     */
    stream: z.boolean().optional(),
  })
  .strict();
export type AskRequest = z.infer<typeof askRequest>;

/** The sentence of a source an answer rests on: the source file (1-based, as in note citations) and page. */
export const askCitation = z.object({
  source: z.number().int().min(1),
  page: z.number().int().min(1),
  quote: z.string(),
});
export type AskCitation = z.infer<typeof askCitation>;

export const MESSAGE_STATUSES = ["answering", "done", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * An answer: Markdown in the note's output language with inline citation links (`[p. 6](#source=1&page=6)`);
 * `found: false` (no citations) when the sources do not answer it, with the nearest sections' headings.
 */
export const askAnswer = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  answer: z.string(),
  citations: z.array(askCitation),
  found: z.boolean(),
  nearestSections: z.array(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  /** The job writing the answer (its events stream it). */
  jobId: z.string().nullable(),
  /** Why the answer failed (an error code), when `status` is `failed`. */
  errorCode: z.string().nullable(),
});
export type AskAnswer = z.infer<typeof askAnswer>;

export const conversationMessage = z.object({
  messageId: z.string(),
  role: z.enum(["user", "assistant"]),
  text: z.string(),
  citations: z.array(askCitation),
  found: z.boolean(),
  nearestSections: z.array(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  jobId: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const conversationSummary = z.object({
  conversationId: z.string(),
  noteId: z.string(),
  /** The first question, shortened. */
  title: z.string(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

// GET /note/:noteId/conversations — newest first; `suggestions` are questions drawn from the note's key terms.
export const conversationListResponse = z.object({
  conversations: z.array(conversationSummary),
  suggestions: z.array(z.string()),
});
export type ConversationListResponse = z.infer<typeof conversationListResponse>;

// GET /conversation/:conversationId — its messages in order.
export const conversationDetail = conversationSummary.extend({ messages: z.array(conversationMessage) });
export type ConversationDetail = z.infer<typeof conversationDetail>;

// DELETE /conversation/:conversationId
export const deleteConversationResponse = z.object({ conversationId: z.string() });
export type DeleteConversationResponse = z.infer<typeof deleteConversationResponse>;
