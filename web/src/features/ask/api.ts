import type {
  AskAnswer,
  AskRequest,
  ConversationDetail,
  ConversationListResponse,
  DeleteConversationResponse,
} from "@beannote/contract";
import { request } from "../../api/client";

const conversation = (id: string) => `/conversation/${encodeURIComponent(id)}`;

/** The Ask calls, typed by the contract. */
export const askApi = {
  ask: (noteId: string, body: AskRequest) =>
    request<AskAnswer>("POST", `/note/${encodeURIComponent(noteId)}/ask`, { body }),
  conversations: (noteId: string) =>
    request<ConversationListResponse>("GET", `/note/${encodeURIComponent(noteId)}/conversations`),
  conversation: (id: string) => request<ConversationDetail>("GET", conversation(id)),
  remove: (id: string) => request<DeleteConversationResponse>("DELETE", conversation(id)),
};

/** TanStack Query keys of the Ask feature. */
export const askKeys = {
  all: ["ask"] as const,
  list: (noteId: string) => [...askKeys.all, "list", noteId] as const,
  conversation: (id: string) => [...askKeys.all, "conversation", id] as const,
};
