import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigProvider, Modal } from "antd";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import type { NoteDetail } from "@beannote/contract";
import { NoteReader } from "./NoteReader";
import { readyNote } from "./test-note";

// No motion, also for Modal.confirm's own root: jsdom never ends a CSS transition.
beforeAll(() =>
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider>
    ),
  }),
);
afterEach(() => {
  Modal.destroyAll();
  cleanup();
});

const dialogs = () => Array.from(document.querySelectorAll(".ant-modal-confirm"));

const note: NoteDetail = readyNote;

/** The note page inside the app's shell: a sidebar link to the notes list beside the note. */
function renderNote() {
  const router = createMemoryRouter(
    [
      {
        path: "/subNote/pages/note",
        element: (
          <>
            <Link to="/pages/my-file">sidebar: my notes</Link>
            <NoteReader note={note} />
          </>
        ),
      },
      { path: "/pages/my-file", element: <h1>My notes</h1> },
    ],
    { initialEntries: ["/subNote/pages/note?id=n1"] },
  );
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return router;
}

function editMarkdown(text: string) {
  fireEvent.click(screen.getByTestId("note-edit"));
  fireEvent.change(screen.getByLabelText("note.view.markdownLabel"), { target: { value: text } });
}

function beforeUnloadCancelled() {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("NoteReader with unsaved edits", { timeout: 30_000 }, () => {
  it("asks before a route change leaves them; Cancel keeps the editor and the text", async () => {
    const router = renderNote();
    editMarkdown("A derivative is a rate of change. My own words.");
    fireEvent.click(screen.getByText("sidebar: my notes"));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(router.state.location.pathname).toBe("/subNote/pages/note");

    fireEvent.click(screen.getByRole("button", { name: "common.cancel" }));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(router.state.location.pathname).toBe("/subNote/pages/note");
    expect((screen.getByLabelText("note.view.markdownLabel") as HTMLTextAreaElement).value).toBe(
      "A derivative is a rate of change. My own words.",
    );
  });

  it("leaves when the student chooses to discard", async () => {
    const router = renderNote();
    editMarkdown("Changed.");
    fireEvent.click(screen.getByText("sidebar: my notes"));
    fireEvent.click(await screen.findByRole("button", { name: "note.confirm.discardOk" }));
    await screen.findByText("My notes");
    expect(router.state.location.pathname).toBe("/pages/my-file");
  });

  it("lets the browser ask before the tab is closed or reloaded, only while there is something to lose", () => {
    renderNote();
    expect(beforeUnloadCancelled()).toBe(false);
    fireEvent.click(screen.getByTestId("note-edit"));
    expect(beforeUnloadCancelled()).toBe(false); // editing, nothing changed yet
    fireEvent.change(screen.getByLabelText("note.view.markdownLabel"), { target: { value: "Changed." } });
    expect(beforeUnloadCancelled()).toBe(true);
  });

  it("leaves without asking when nothing was changed", async () => {
    const router = renderNote();
    fireEvent.click(screen.getByTestId("note-edit"));
    fireEvent.click(screen.getByText("sidebar: my notes"));
    await screen.findByText("My notes");
    expect(router.state.location.pathname).toBe("/pages/my-file");
  });
});
