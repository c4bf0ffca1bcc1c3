import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type {
  Flashcard,
  FlashcardDeck,
  FlashcardInput,
  FlashcardRating,
  GenerateFlashcardsRequest,
} from "@beannote/contract";
import { isApiError } from "../../api/api-error";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";
import { PAID } from "../beans/balance";
import { flashcardKeys, flashcardsApi, type FlashcardExportFormat } from "./api";

/** The deck's calls, each keeping the cached deck (and the due queue) in step with the server. */
export function useDeckActions(noteId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = flashcardKeys.deck(noteId);
  const patch = (update: (deck: FlashcardDeck) => FlashcardDeck) =>
    queryClient.setQueryData<FlashcardDeck>(key, (deck) => (deck ? update(deck) : deck));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: flashcardKeys.dueSummary() });
  };
  const putCard = (card: Flashcard) =>
    patch((deck) => ({ ...deck, cards: deck.cards.map((c) => (c.cardId === card.cardId ? card : c)) }));

  const generate = useMutation({
    meta: PAID,
    mutationFn: (request: GenerateFlashcardsRequest) => flashcardsApi.generate(noteId, request),
    onSuccess: ({ jobId }) =>
      patch((deck) => ({ ...deck, generation: { jobId, status: "queued", errorCode: null } })),
    onError: (error) => {
      // Already generating (in another window perhaps): the deck shows that job's progress.
      if (isApiError(error) && error.code === "ARTEFACT_BUSY") return refresh();
      toast.error(t("flashcards.toast.generateFailed"), errorMessage(error, t));
    },
  });

  const add = useMutation({
    mutationFn: (input: FlashcardInput) => flashcardsApi.add(noteId, input),
    onSuccess: (card) => {
      patch((deck) => ({ ...deck, cards: [...deck.cards, card] }));
      refresh();
      toast.success(t("flashcards.toast.added"));
    },
  });

  const edit = useMutation({
    mutationFn: ({ cardId, input }: { cardId: string; input: FlashcardInput }) =>
      flashcardsApi.edit(cardId, input),
    onSuccess: (card) => {
      putCard(card);
      toast.success(t("flashcards.toast.saved"));
    },
  });

  const remove = useMutation({
    mutationFn: (cardId: string) => flashcardsApi.remove(cardId),
    onSuccess: (_, cardId) => {
      patch((deck) => ({ ...deck, cards: deck.cards.filter((c) => c.cardId !== cardId) }));
      refresh();
      toast.success(t("flashcards.toast.deleted"));
    },
    onError: (error) => toast.error(t("flashcards.toast.deleteFailed"), errorMessage(error, t)),
  });

  const rate = useMutation({
    mutationFn: ({ cardId, rating }: { cardId: string; rating: FlashcardRating }) =>
      flashcardsApi.review(cardId, rating),
    onSuccess: ({ card }) => {
      putCard(card);
      refresh();
    },
    onError: (error) => toast.error(t("flashcards.toast.rateFailed"), errorMessage(error, t)),
  });

  const exportDeck = useMutation({
    mutationFn: (format: FlashcardExportFormat) => flashcardsApi.export(noteId, format),
    onSuccess: (name) => toast.success(t("flashcards.toast.exported", { name })),
    onError: (error) => toast.error(t("flashcards.toast.exportFailed"), errorMessage(error, t)),
  });

  return { generate, add, edit, remove, rate, exportDeck, refresh };
}

export type DeckActions = ReturnType<typeof useDeckActions>;
