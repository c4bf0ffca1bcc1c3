import { describe, expect, it } from "vitest";
import { centredCrop, clampCrop, sourceRect } from "./crop-image";

describe("avatar square crop", () => {
  it("centres a landscape image on its middle square", () => {
    const state = centredCrop(400, 200, 100);
    expect(sourceRect(state, 400, 200, 100)).toEqual({ sx: 100, sy: 0, size: 200 });
  });
  it("zooming in shows a smaller square of the image", () => {
    const state = centredCrop(200, 200, 100, 2);
    expect(sourceRect(state, 200, 200, 100)).toEqual({ sx: 50, sy: 50, size: 100 });
  });
  it("never lets the image leave the square uncovered", () => {
    expect(clampCrop({ zoom: 1, x: 30, y: -500 }, 400, 200, 100)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampCrop({ zoom: 1, x: -900, y: 0 }, 400, 200, 100)).toEqual({ zoom: 1, x: -100, y: 0 });
  });
});
