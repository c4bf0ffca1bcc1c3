import { cleanup, render, waitFor } from "@testing-library/react";
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
});
