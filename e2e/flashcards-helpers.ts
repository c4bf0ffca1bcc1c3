import type { FlashcardDeck } from "@beannote/contract";
import { until, type Stack } from "./harness";

/** The deck of a note, through the API. */
export async function deckByApi(stack: Stack, token: string, noteId: string): Promise<FlashcardDeck> {
  const deck = await stack.server.call<FlashcardDeck>("GET", `/note/${noteId}/flashcards`, { token });
  if (deck.body.status !== 200) throw new Error(`deck: ${JSON.stringify(deck.body)}`);
  return deck.body.data;
}

/** Generates a note's deck through the API and waits for the job, for screens that need cards. */
export async function generateDeckByApi(
  stack: Stack,
  token: string,
  noteId: string,
  body: { count?: number; replace?: boolean } = {},
): Promise<FlashcardDeck> {
  const started = await stack.server.call<{ jobId: string }>("POST", `/note/${noteId}/flashcards/generate`, {
    token,
    body,
  });
  if (started.body.status !== 200) throw new Error(`generate: ${JSON.stringify(started.body)}`);
  return until(
    () => deckByApi(stack, token, noteId),
    (deck) => {
      const status = deck.generation?.status;
      if (status === "failed" || status === "cancelled")
        throw new Error(`deck ${JSON.stringify(deck.generation)}`);
      return deck.generation?.jobId === started.body.data.jobId && status === "done";
    },
    { timeout: 170_000, what: "the deck generated" },
  );
}
