import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ImagePreview, clampZoom } from "./ImagePreview";

const images = [
  { src: "data:image/png;base64,AA==", alt: "first" },
  { src: "data:image/png;base64,AB==", alt: "second" },
];

afterEach(cleanup);

describe("ImagePreview", () => {
  it("zooms between 1 and 4 and no further", () => {
    expect([0.2, 1, 2.5, 4, 9].map(clampZoom)).toEqual([1, 1, 2.5, 4, 4]);
    render(<ImagePreview open images={images} onClose={() => {}} />);
    const dialog = screen.getByTestId("image-preview");
    expect(dialog.dataset.zoom).toBe("1");
    expect(screen.getByTestId("zoom-out")).toHaveProperty("disabled", true);
    for (let i = 0; i < 10; i++) fireEvent.click(screen.getByTestId("zoom-in"));
    expect(dialog.dataset.zoom).toBe("4");
    expect(screen.getByTestId("zoom-level").textContent).toBe("400%");
    expect(screen.getByTestId("zoom-in")).toHaveProperty("disabled", true);
    fireEvent.doubleClick(screen.getByAltText("first"));
    expect(dialog.dataset.zoom).toBe("1");
  });

  it("locks page scrolling while open and gives it back when closed", () => {
    document.body.style.overflow = "auto";
    const { rerender } = render(<ImagePreview open images={images} onClose={() => {}} />);
    expect(document.body.style.overflow).toBe("hidden");
    rerender(<ImagePreview open={false} images={images} onClose={() => {}} />);
    expect(document.body.style.overflow).toBe("auto");
  });

  it("steps through the images and closes with Escape", () => {
    let closed = 0;
    render(<ImagePreview open images={images} index={1} onClose={() => closed++} />);
    expect(screen.getByAltText("second")).toBeTruthy();
    act(() => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" })));
    expect(screen.getByAltText("first")).toBeTruthy();
    act(() => void window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    expect(closed).toBe(1);
  });
});
