import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MarkdownBody } from "./MarkdownBody";

afterEach(cleanup);

describe("MarkdownBody citations", () => {
  it("show 'p. N (OCR)' on hover for pages read by OCR, nothing for pages with a text layer", () => {
    const ocrPages = new Map([[1, [3]]]);
    render(
      <MarkdownBody
        markdown={"*Sources:* [p. 2](#source=1&page=2) · [p. 3](#source=1&page=3) · [p. 3](#source=2&page=3)"}
        citeTitle={(source, page) => (ocrPages.get(source)?.includes(page) ? `p. ${page} (OCR)` : undefined)}
      />,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("title"))).toEqual([null, "p. 3 (OCR)", null]);
  });
});

describe("MarkdownBody formulas", () => {
  const note = [
    "The energy is $E=mc^{2}$ and $a_{1}*b_{2}*c$ keeps its stars. It costs \\$5 and \\$10.",
    "",
    "$$",
    "\\sum_{n=1}^{\\infty} \\frac{1}{n^{2}}=\\frac{\\pi^{2}}{6}",
    "$$",
    "",
    "$$\\text{速度}=\\frac{\\text{路程}}{\\text{时间}}$$",
    "",
    "| Quantity | Formula |",
    "| --- | --- |",
    "| Kinetic energy | $E_{k}=\\frac{1}{2}mv^{2}$ |",
    "",
    "A link in a formula: $\\href{javascript:alert(1)}{x}$ <img src=x onerror=alert(1)>",
  ].join("\n");

  it("are set by KaTeX: inline, display (a $$ block or one line), in a table; prices stay text", async () => {
    const { container } = render(<MarkdownBody markdown={note} />);
    await waitFor(() => expect(container.querySelectorAll(".katex").length).toBe(6));
    expect(container.querySelectorAll(".katex-display")).toHaveLength(2);
    expect(container.querySelector("td .katex")).not.toBeNull();
    expect(container.querySelector(".katex-error")).toBeNull();
    const annotations = [...container.querySelectorAll("annotation")].map((a) => a.textContent);
    expect(annotations).toContain("a_{1}*b_{2}*c");
    expect(annotations).toContain("\\sum_{n=1}^{\\infty} \\frac{1}{n^{2}}=\\frac{\\pi^{2}}{6}");
    expect(container.textContent).toContain("It costs $5 and $10.");
  });

  it("cannot link or run anything: \\href is refused, raw HTML is not rendered", async () => {
    const { container } = render(<MarkdownBody markdown={note} />);
    await waitFor(() => expect(container.querySelectorAll(".katex").length).toBe(6));
    expect(container.querySelector("a")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.innerHTML).not.toMatch(/href=|onerror=/);
  });
});
