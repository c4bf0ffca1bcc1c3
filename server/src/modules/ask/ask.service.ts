import { randomUUID } from "node:crypto";
import {
  CONVERSATIONS_LIST_MAX,
  type AskAnswer,
  type AskRequest,
  type ConversationDetail,
  type ConversationListResponse,
  type DeleteConversationResponse,
} from "@beannote/contract";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { JobQueue } from "../../jobs/queue";
import type { JobsService } from "../jobs/jobs.service";
import type { StudyNotes } from "../notes/study-notes";
import { askRepo, type ConversationRow } from "./ask.repo";
import { suggestedQuestions } from "./ask-labels";
import { presentAnswer, presentMessage } from "./ask-present";
import { answerQuestionJob, type AnswerQuestionPayload } from "./answer-question.job";

/** Debits a question's price in the transaction that enqueues its answer (the job's failure refunds it). */
export interface QuestionCharges {
  charge(
    tx: DbOrTx,
    charge: { userId: string; action: "question"; jobId: string; noteId: string },
  ): Promise<unknown>;
}

const TITLE_CHARS = 80;
/** How long `POST /note/:noteId/ask` waits for its answer before it answers with the job still writing it. */
const ANSWER_WAIT_MS = 120_000;

const titleOf = (question: string) => {
  const chars = [...question.replace(/\s+/g, " ")];
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join("")}…` : chars.join("");
};

/** Questions to a note's sources, their conversations, and the answers written by jobs. */
export function createAskService(deps: {
  db: Db;
  queue: Pick<JobQueue, "enqueue"> & { wake?: (name: string) => void };
  jobs: Pick<JobsService, "events">;
  notes: Pick<StudyNotes, "owned" | "ready">;
  /** Charged only when a model answers; the offline answer is free. */
  beans?: QuestionCharges;
  chargeQuestions: boolean;
  answerWaitMs?: number;
}) {
  const { db } = deps;

  async function ownedConversation(userId: string, conversationId: string): Promise<ConversationRow> {
    const conversation = await askRepo.findConversation(db, userId, conversationId);
    if (!conversation) throw new AppError("NOT_FOUND");
    return conversation;
  }

  /** Waits for the job's final event (from any worker process), or the wait's end. */
  async function waitForAnswer(jobId: string): Promise<void> {
    const signal = AbortSignal.timeout(deps.answerWaitMs ?? ANSWER_WAIT_MS);
    for await (const event of deps.jobs.events(jobId, 0, { pollMs: 250, signal })) {
      if (event.type === "done" || event.type === "error") return;
    }
  }

  return {
    async ask(userId: string, noteId: string, request: AskRequest): Promise<AskAnswer> {
      const note = await deps.notes.ready(userId, noteId);
      const { conversation, messageId, jobId } = await db.transaction(async (tx) => {
        let conversation: ConversationRow;
        if (request.conversationId) {
          const found = await askRepo.findConversation(tx, userId, request.conversationId);
          if (!found || found.noteId !== note.id) throw new AppError("NOT_FOUND");
          await askRepo.lockConversation(tx, found.id);
          conversation = found;
        } else {
          conversation = await askRepo.createConversation(tx, {
            id: randomUUID(),
            noteId: note.id,
            userId,
            title: titleOf(request.question),
          });
        }
        const messageId = randomUUID();
        const payload: AnswerQuestionPayload = { messageId, conversationId: conversation.id, userId, noteId };
        const job = await deps.queue.enqueue(answerQuestionJob, payload, { userId, tx });
        const position = await askRepo.lastPosition(tx, conversation.id);
        const at = new Date();
        await askRepo.insertMessages(tx, [
          {
            id: randomUUID(),
            conversationId: conversation.id,
            position: position + 1,
            role: "user",
            text: request.question,
            createdAt: at,
          },
          {
            id: messageId,
            conversationId: conversation.id,
            position: position + 2,
            role: "assistant",
            text: "",
            status: "answering",
            jobId: job.id,
            createdAt: at,
          },
        ]);
        await askRepo.touch(tx, conversation.id, at);
        if (deps.chargeQuestions)
          await deps.beans?.charge(tx, { userId, action: answerQuestionJob.action, jobId: job.id, noteId });
        return { conversation, messageId, jobId: job.id };
      });
      deps.queue.wake?.(answerQuestionJob.name);
      if (!request.stream) await waitForAnswer(jobId);
      const message = await askRepo.findMessage(db, messageId);
      return presentAnswer(conversation, message!);
    },

    async list(userId: string, noteId: string): Promise<ConversationListResponse> {
      const note = await deps.notes.owned(userId, noteId);
      const rows = await askRepo.listByNote(db, userId, note.id, CONVERSATIONS_LIST_MAX);
      return {
        conversations: rows.map((row) => ({
          conversationId: row.id,
          noteId: row.noteId,
          title: row.title,
          messageCount: row.messageCount,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
        suggestions: suggestedQuestions(note.markdown, note.outputLanguage),
      };
    },

    async detail(userId: string, conversationId: string): Promise<ConversationDetail> {
      const conversation = await ownedConversation(userId, conversationId);
      const messages = await askRepo.messages(db, conversation.id);
      return {
        conversationId: conversation.id,
        noteId: conversation.noteId,
        title: conversation.title,
        messageCount: messages.length,
        createdAt: conversation.createdAt.toISOString(),
        updatedAt: conversation.updatedAt.toISOString(),
        messages: messages.map(presentMessage),
      };
    },

    async remove(userId: string, conversationId: string): Promise<DeleteConversationResponse> {
      if (!(await askRepo.deleteConversation(db, userId, conversationId))) throw new AppError("NOT_FOUND");
      return { conversationId };
    },
  };
}

export type AskService = ReturnType<typeof createAskService>;
