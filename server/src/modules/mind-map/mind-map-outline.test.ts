import { describe, expect, it } from "vitest";
import type { StudyNote } from "../notes/study-notes";
import { createMindMapService } from "./mind-map.service";

const markdown = [
  "# Multiple integrals",
  "",
  "## Area of $D$ as $\\iint_D 1\\,\\mathrm{d}\\sigma$",
  "",
  "The **double integral** $\\iint_D f(x_1, x_2)\\,\\mathrm{d}\\sigma$ sums $f$ over $D$.",
  "",
  "## Identity $I = \\begin{pmatrix}1 & 0 \\\\ 0 & 1\\end{pmatrix}$",
  "",
  "The identity leaves every vector as it is.",
  "",
  "## Polar coordinates",
  "",
  "The **Jacobian** is $r$, so $\\mathrm{d}x\\,\\mathrm{d}y = r\\,\\mathrm{d}r\\,\\mathrm{d}\\theta$.",
].join("\n");

const note: StudyNote = {
  id: "note-1",
  userId: "user-a",
  title: "Multiple integrals",
  outputLanguage: "en-US",
  detailLevel: "detail",
  markdown,
};

describe("the mind map's Markdown outline (its download)", () => {
  it("keeps formulas as the note writes them: no escaped backslash or underscore inside them", async () => {
    const maps = createMindMapService({
      notes: {
        ready: async () => note,
        materialInput: async (n: StudyNote) => ({ ...n, sources: [] }),
      },
      render: { run: () => Promise.reject(new Error("small notes are derived inline")) },
      throttle: { take: async () => [] },
      perMinute: 10,
    });
    const { outline } = await maps.map("user-a", "note-1");
    expect(outline).toContain("## Area of $D$ as $\\iint_D 1\\,\\mathrm{d}\\sigma$");
    expect(outline).not.toContain("\\\\iint");
    // a row break (\\) stays one row break, not four backslashes nor one
    expect(outline).toContain("## Identity $I = \\begin{pmatrix}1 & 0 \\\\ 0 & 1\\end{pmatrix}$");
    expect(outline).not.toMatch(/\$[^$]*\\_[^$]*\$/);
  });
});
