import {
  apiPath,
  type AskAnswer,
  type AskRequest,
  type ConversationDetail,
  type ConversationListResponse,
  type DeleteConversationResponse,
} from "@beannote/contract";
import { request } from "../../api/client";

/** The Ask calls, typed by the contract. */
export const askApi = {
  ask: (noteId: string, body: AskRequest) =>
    request<AskAnswer>("POST", apiPath("noteAsk", { noteId }), { body }),
  conversations: (noteId: string) =>
    request<ConversationListResponse>("GET", apiPath("noteConversations", { noteId })),
  conversation: (id: string) =>
    request<ConversationDetail>("GET", apiPath("conversation", { conversationId: id })),
  remove: (id: string) =>
    request<DeleteConversationResponse>("DELETE", apiPath("conversation", { conversationId: id })),
};

/** TanStack Query keys of the Ask feature. */
export const askKeys = {
  all: ["ask"] as const,
  list: (noteId: string) => [...askKeys.all, "list", noteId] as const,
  conversation: (id: string) => [...askKeys.all, "conversation", id] as const,
};
