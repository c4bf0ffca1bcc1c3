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
    expect(container.innerHTML).toBe("It cost $5 and $10.");
  });

  it("writes no markup from the text itself", async () => {
    const { container } = render(
      <MathText text={'<img src=x onerror="alert(1)"> $\\href{javascript:alert(1)}{x}$'} />,
    );
    await waitFor(() => expect(container.querySelector(".katex")).not.toBeNull());
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("a")).toBeNull();
  });
});
