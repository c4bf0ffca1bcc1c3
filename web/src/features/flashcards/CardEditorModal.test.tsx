import { useState } from "react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ConfigProvider } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import type { FlashcardInput } from "@beannote/contract";
import { CardEditorModal } from "./CardEditorModal";

afterEach(cleanup);

const card: FlashcardInput = { front: "What is a derivative?", back: "The rate of change." };
const other: FlashcardInput = { front: "Define an integral", back: "The area under a curve." };

/** The deck's use of the dialog: one editor, opened on a card (edit) or on nothing (add). */
function Deck() {
  const [editor, setEditor] = useState<{ open: boolean; card: FlashcardInput | null }>({
    open: false,
    card: null,
  });
  return (
    // No motion: jsdom never ends a CSS transition, and the dialog unmounts its form when the fade ends.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <button onClick={() => setEditor({ open: true, card })}>edit-1</button>
      <button onClick={() => setEditor({ open: true, card: other })}>edit-2</button>
      <button onClick={() => setEditor({ open: true, card: null })}>add</button>
      <CardEditorModal
        open={editor.open}
        initial={editor.card}
        onSave={() => Promise.resolve()}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
      />
    </ConfigProvider>
  );
}

const front = () => screen.getByTestId("card-editor-front") as HTMLTextAreaElement;
const back = () => screen.getByTestId("card-editor-back") as HTMLTextAreaElement;

async function cancel() {
  fireEvent.click(screen.getByRole("button", { name: "common.cancel" }));
  await waitFor(() => expect(screen.queryByTestId("card-editor")).toBeNull());
}

describe("CardEditorModal", { timeout: 30_000 }, () => {
  it("opens on the card being edited, empty for a new card, whatever was opened before", async () => {
    render(<Deck />);
    fireEvent.click(screen.getByText("edit-1"));
    await waitFor(() => expect(front().value).toBe(card.front));
    expect(back().value).toBe(card.back);
    await cancel();

    fireEvent.click(screen.getByText("add"));
    await waitFor(() => expect(screen.getByTestId("card-editor")).toBeTruthy());
    expect(front().value).toBe("");
    expect(back().value).toBe("");
    await cancel();

    fireEvent.click(screen.getByText("edit-1"));
    await waitFor(() => expect(screen.getByTestId("card-editor")).toBeTruthy());
    expect(front().value).toBe(card.front);
    expect(back().value).toBe(card.back);
    await cancel();

    fireEvent.click(screen.getByText("edit-2"));
    await waitFor(() => expect(screen.getByTestId("card-editor")).toBeTruthy());
    expect(front().value).toBe(other.front);
  });

  it("forgets typed text that was cancelled", async () => {
    render(<Deck />);
    fireEvent.click(screen.getByText("add"));
    await waitFor(() => expect(screen.getByTestId("card-editor")).toBeTruthy());
    fireEvent.change(front(), { target: { value: "half-typed" } });
    await cancel();
    fireEvent.click(screen.getByText("edit-1"));
    await waitFor(() => expect(screen.getByTestId("card-editor")).toBeTruthy());
    expect(front().value).toBe(card.front);
    await cancel();
    fireEvent.click(screen.getByText("add"));
    await waitFor(() => expect(screen.getByTestId("card-editor")).toBeTruthy());
    expect(front().value).toBe("");
  });
});
