import { describe, expect, it } from "vitest";
import { isConceptTerm, nounPhrases } from "./terms";
import { tokenize } from "./tokens";

// Portuguese notes (no tagger of its own on npm): Spanish compromise still knows its verb forms.
describe("Portuguese verbs", () => {
  it("reads a verb as a verb: no term, no blank, no option", () => {
    const tokens = tokenize("Ocorre nos cloroplastos das células vegetais e depende da luz.", "pt");
    expect(tokens.find((t) => t.text === "Ocorre")?.pos).toBe("VERB");
    expect(tokens.find((t) => t.text === "depende")?.pos).toBe("VERB");
    expect(isConceptTerm("depende", "pt")).toBe(false);
    expect(isConceptTerm("Ocorre", "pt")).toBe(false);
    expect(isConceptTerm("cloroplastos", "pt")).toBe(true);
    const spans = nounPhrases("Ocorre nos cloroplastos das células vegetais e depende da luz.", "pt").map(
      (s) => s.text,
    );
    expect(spans).toContain("células vegetais");
    expect(spans).not.toContain("Ocorre");
    expect(spans.some((s) => s.includes("depende"))).toBe(false);
  });
});
