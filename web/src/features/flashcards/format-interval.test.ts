import { describe, expect, it } from "vitest";
import { intervalParts } from "./format-interval";

const MIN = 1 / (24 * 60);

describe("intervalParts", () => {
  it("shows learning steps in minutes", () => {
    expect(intervalParts(0)).toEqual({ unit: "minutes", value: 1, under: true });
    expect(intervalParts(MIN)).toEqual({ unit: "minutes", value: 1 });
    expect(intervalParts(10 * MIN)).toEqual({ unit: "minutes", value: 10 });
  });
  it("switches to hours, days, months and years", () => {
    expect(intervalParts(59.6 * MIN)).toEqual({ unit: "hours", value: 1 });
    expect(intervalParts(5 / 24)).toEqual({ unit: "hours", value: 5 });
    expect(intervalParts(23.7 / 24)).toEqual({ unit: "days", value: 1 });
    expect(intervalParts(3.2)).toEqual({ unit: "days", value: 3 });
    expect(intervalParts(29.6)).toEqual({ unit: "months", value: 1 });
    expect(intervalParts(75)).toEqual({ unit: "months", value: 2.5 });
    expect(intervalParts(400)).toEqual({ unit: "years", value: 1.1 });
    expect(intervalParts(365 * 12)).toEqual({ unit: "years", value: 12 });
  });
});
