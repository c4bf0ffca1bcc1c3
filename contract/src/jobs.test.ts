import { describe, expect, it } from "vitest";
import { ARTEFACT_PROGRESS_STEPS, PROGRESS_STEPS, progressStep } from "./jobs";

describe("progressStep", () => {
  it("reads the step of a progress messageKey among the listed steps", () => {
    expect(progressStep("progress.ocr", PROGRESS_STEPS)).toBe("ocr");
    expect(progressStep("queued", PROGRESS_STEPS)).toBe("queued");
    expect(progressStep("progress.writing", ARTEFACT_PROGRESS_STEPS)).toBe("writing");
  });

  it("reads a step not listed, or none, as working", () => {
    expect(progressStep("progress.sweeping", PROGRESS_STEPS)).toBe("working");
    expect(progressStep(undefined, PROGRESS_STEPS)).toBe("working");
    expect(progressStep("progress.ocr", ARTEFACT_PROGRESS_STEPS)).toBe("working");
  });
});
