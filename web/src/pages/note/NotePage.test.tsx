import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigProvider } from "antd";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { NoteDetail } from "@beannote/contract";
import { noteKeys } from "../../api/notes";
import { askKeys } from "../../features/ask/api";
import { NotePage } from "./NotePage";
import { readyNote } from "../../features/notes/test-note";

afterEach(cleanup);

const note: NoteDetail = readyNote;

/** The note page at `search`, its note (and the Ask tab's conversations) already loaded: no request. */
function renderPage(search: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(noteKeys.detail("n1"), note);
  client.setQueryData(askKeys.list("n1"), []);
  const router = createMemoryRouter([{ path: "/subNote/pages/note", element: <NotePage /> }], {
    initialEntries: [`/subNote/pages/note${search}`],
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const tabs = () => screen.getAllByRole("tab");
const selected = () => tabs().filter((tab) => tab.getAttribute("aria-selected") === "true");

describe("NotePage tabs", { timeout: 30_000 }, () => {
  it("lists the note, the artefacts and Ask in order, the note first and open", async () => {
    renderPage("?id=n1");
    await screen.findByTestId("note-title");
    expect(tabs().map((tab) => tab.textContent)).toEqual(
      ["note", "flashcards", "quiz", "mindMap", "podcast", "slides", "ask"].map((k) => `note.tabs.${k}`),
    );
    expect(selected().map((tab) => tab.textContent)).toEqual(["note.tabs.note"]);
    expect(within(screen.getByRole("tabpanel")).getByText("A derivative is a rate of change.")).toBeTruthy();
  });

  it("opens the tab named by ?tab=", async () => {
    renderPage("?id=n1&tab=ask");
    await screen.findByTestId("note-title");
    expect(selected().map((tab) => tab.textContent)).toEqual(["note.tabs.ask"]);
  });
});
