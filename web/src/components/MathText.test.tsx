import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MathText } from "./MathText";

afterEach(cleanup);

describe("MathText", () => {
  it("sets a formula with KaTeX and keeps the text around it", async () => {
    const { container } = render(<MathText text="Area $\pi r^2$ of a circle" />);
    await waitFor(() => expect(container.querySelector(".katex")).not.toBeNull());
    expect(container.querySelector("annotation")?.textContent).toBe("\\pi r^2");
    expect(container.textContent).toMatch(/^Area .+ of a circle$/);
  });

  it("shows text without a formula as it is, prices included", () => {
    const { container } = render(<MathText text="It cost $5 and $10." />);
    expect(container.innerHTML).toBe('<span class="math-text">It cost $5 and $10.</span>');
  });

  it("is one inline box, so a flex parent (a card face) does not split the sentence around a formula", async () => {
    const { container } = render(<MathText text="Energy is $E=mc^2$ at rest." />);
    await waitFor(() => expect(container.querySelector(".katex")).not.toBeNull());
    expect(container.childNodes).toHaveLength(1);
    expect((container.firstChild as HTMLElement).className).toBe("math-text");
  });

  it("writes no markup from the text itself", async () => {
    const { container } = render(
      <MathText text={'<img src=x onerror="alert(1)"> $\\href{javascript:alert(1)}{x}$'} />,
    );
    await waitFor(() => expect(container.querySelector(".katex")).not.toBeNull());
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("a")).toBeNull();
  });

  it("sets a display formula as its own scrolling block, or in the line when asked (a title, a button's label)", async () => {
    const text = "Gal $$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$ end";
    const block = render(<MathText text={text} />);
    await waitFor(() => expect(block.container.querySelector(".katex")).not.toBeNull());
    expect(block.container.querySelector(".math-text__display .katex-display")).not.toBeNull();
    cleanup();
    const { container } = render(<MathText text={text} inline />);
    await waitFor(() => expect(container.querySelector(".katex")).not.toBeNull());
    expect(container.querySelector(".math-text__display")).toBeNull();
    expect(container.querySelector(".katex-display")).toBeNull();
    expect(container.querySelector(".math-text__inline annotation")?.textContent).toBe(
      "\\displaystyle{\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}}",
    );
  });
});
