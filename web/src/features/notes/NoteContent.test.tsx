import { useState } from "react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigProvider } from "antd";
import { NoteContent } from "./NoteContent";

afterEach(cleanup);

describe("NoteContent", () => {
  it("sets the inline formulas of section headings with KaTeX, as in the body", async () => {
    const markdown = [
      "# Integrals",
      "",
      "## Area under $y = x^2$",
      "",
      "The area is $\\int_0^1 x^2\\,dx$.",
      "",
      "## Green's theorem: $\\oint_C P\\,dx$",
      "",
      "Text.",
    ].join("\n");
    const { container } = render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <NoteContent markdown={markdown} />
      </ConfigProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll(".note-section__heading .katex")).toHaveLength(2));
    const headings = [...container.querySelectorAll(".note-section__heading")];
    for (const heading of headings) {
      const visible = heading.cloneNode(true) as HTMLElement;
      visible.querySelectorAll("annotation").forEach((source) => source.remove());
      expect(visible.textContent).not.toMatch(/\$|\\int|\\oint/);
    }
  });

  it("is not set again when the page around it changes: its links and formulas stay the same elements", async () => {
    const markdown = "# Series\n\n## Sums\n\n$\\sum_{k=1}^{n} k$ holds ([p. 1](#source=1&page=1)).";
    const onCite = () => undefined;
    const citeTitle = () => undefined;
    function Page() {
      const [opened, setOpened] = useState(0);
      return (
        <ConfigProvider theme={{ token: { motion: false } }}>
          <button onClick={() => setOpened(opened + 1)}>viewer {opened}</button>
          <NoteContent markdown={markdown} onCite={onCite} citeTitle={citeTitle} />
        </ConfigProvider>
      );
    }
    const { container } = render(<Page />);
    await waitFor(() => expect(container.querySelector(".note-markdown .katex")).not.toBeNull());
    const link = container.querySelector("a.citation");
    const formula = container.querySelector(".note-markdown .katex");
    fireEvent.click(screen.getByText("viewer 0"));
    await screen.findByText("viewer 1");
    expect(container.querySelector("a.citation")).toBe(link);
    expect(container.querySelector(".note-markdown .katex")).toBe(formula);
  });
});
