import { describe, expect, it } from "vitest";
import { exportedMarkdown } from "./markdown-export";

describe("exportedMarkdown (GET /note/:noteId/export?format=md)", () => {
  it("opens with the note's current title after a rename, not the heading it was written with", () => {
    expect(exportedMarkdown("Calculus II — exam notes", "# Calculus II\n\n## Limits\n\nText.\n")).toBe(
      "# Calculus II — exam notes\n\n## Limits\n\nText.\n",
    );
    expect(exportedMarkdown("高等数学（二）期末复习", "# 高等数学（二）复习笔记\n\n> 概要\n")).toBe(
      "# 高等数学（二）期末复习\n\n> 概要\n",
    );
  });

  it("keeps the rest as it is: second-level headings, and a note without a title heading gets one", () => {
    expect(exportedMarkdown("Notes", "## Limits\n\nText.")).toBe("# Notes\n\n## Limits\n\nText.");
    expect(exportedMarkdown("Notes", "#hashtag is text\n")).toBe("# Notes\n\n#hashtag is text\n");
    expect(exportedMarkdown("Notes", "\n\n# Old\r\nBody")).toBe("# Notes\nBody");
    expect(exportedMarkdown("Same", "# Same\n\nBody")).toBe("# Same\n\nBody");
  });
});
