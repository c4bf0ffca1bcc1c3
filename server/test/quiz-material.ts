import type { SourceDocument } from "@beannote/contract";
import { noteMaterial } from "../src/engine/note-material";

/** A small two-section note on operating systems, cited on four pages, for quiz engine and grading tests. */
export const osSource: SourceDocument = {
  title: "Operating systems",
  format: "pdf",
  language: "en",
  pageCount: 4,
  sections: [
    {
      heading: "Scheduling",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 1,
          text: "Round robin gives each process a fixed time slice called a quantum. A process that uses up its quantum goes to the back of the ready queue.",
        },
      ],
    },
    {
      heading: "Scheduling",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 2,
          text: "Shortest job first minimises the average waiting time. Priority scheduling can starve low-priority processes unless aging raises their priority.",
        },
      ],
    },
    {
      heading: "Memory",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 3,
          text: "Paging divides memory into fixed-size frames and pages. The page table maps each virtual page to a physical frame.",
        },
      ],
    },
    {
      heading: "Memory",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 4,
          text: "A page fault occurs when a page is not in memory. The translation lookaside buffer caches recent page table entries.",
        },
      ],
    },
  ],
};

export const osMarkdown = [
  "# Operating systems",
  "## Scheduling",
  "> **Round robin** gives each process a fixed time slice called a **quantum**.",
  "A process that uses up its quantum goes to the back of the **ready queue**. **Shortest job first** minimises the average waiting time. **Priority scheduling** can starve low-priority processes unless **aging** raises their priority.",
  "*Sources:* [p. 1](#source=1&page=1) · [p. 2](#source=1&page=2)",
  "## Memory",
  "> **Paging** divides memory into fixed-size frames and pages.",
  "The **page table** maps each virtual page to a physical frame. A **page fault** occurs when a page is not in memory. The **translation lookaside buffer** caches recent page table entries.",
  "*Sources:* [p. 3](#source=1&page=3) · [p. 4](#source=1&page=4)",
].join("\n\n");

export const osMaterial = () =>
  noteMaterial({
    title: "Operating systems",
    markdown: osMarkdown,
    outputLanguage: "en-US",
    sources: [osSource],
  });
