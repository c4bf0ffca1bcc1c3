import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PodcastPlayer } from "./PodcastPlayer";
import type { AudioControls } from "./use-audio";

afterEach(cleanup);

const audio = {
  playing: false,
  time: 30,
  duration: 300,
  rate: 1,
  toggle: vi.fn(),
  skip: vi.fn(),
  seek: vi.fn(),
};

/** The svg path of a button's icon: what a student sees of it. */
const iconOf = (testId: string) => screen.getByTestId(testId).querySelector(".anticon svg")?.innerHTML ?? "";

describe("PodcastPlayer's ±15 s buttons", () => {
  it("show distinct rewind and forward icons, on the side each one moves towards", () => {
    render(<PodcastPlayer audio={audio as unknown as AudioControls} duration={300} />);
    const back = screen.getByTestId("podcast-back");
    const forward = screen.getByTestId("podcast-forward");
    expect(iconOf("podcast-back")).not.toBe("");
    expect(iconOf("podcast-back")).not.toBe(iconOf("podcast-forward"));
    // the icons are not mirror-image twins in the same place: rewind leads, forward trails its "15"
    expect(back.querySelector(".anticon-backward")).not.toBeNull();
    expect(forward.querySelector(".anticon-forward")).not.toBeNull();
    expect(back.firstElementChild?.classList.contains("ant-btn-icon")).toBe(true);
    expect(forward.lastElementChild?.classList.contains("ant-btn-icon")).toBe(true);

    fireEvent.click(back);
    fireEvent.click(forward);
    expect(audio.skip.mock.calls).toEqual([[-15], [15]]);
  });
});
