import type { AskAnswer, AskCitation, ConversationMessage, MessageStatus } from "@beannote/contract";
import type { ConversationRow, MessageRow } from "./ask.repo";

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export function presentMessage(row: MessageRow): ConversationMessage {
  return {
    messageId: row.id,
    role: row.role === "user" ? "user" : "assistant",
    text: row.text,
    citations: asList<AskCitation>(row.citations),
    found: row.found,
    nearestSections: asList<string>(row.nearestSections),
    status: row.status as MessageStatus,
    jobId: row.jobId,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAnswer(conversation: Pick<ConversationRow, "id">, row: MessageRow): AskAnswer {
  const message = presentMessage(row);
  return {
    conversationId: conversation.id,
    messageId: message.messageId,
    answer: message.text,
    citations: message.citations,
    found: message.found,
    nearestSections: message.nearestSections,
    status: message.status,
    jobId: message.jobId,
    errorCode: message.errorCode,
  };
}
