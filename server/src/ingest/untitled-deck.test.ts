import PptxGenJS from "pptxgenjs";
import { describe, expect, it } from "vitest";
import { generateOfflineNote } from "../engine/offline";
import { parsePptx } from "./parse-pptx";

/** A deck drawn with text boxes only: no slide has a title placeholder. */
async function untitledDeck(slides: string[][]): Promise<Buffer> {
  const deck = new PptxGenJS();
  for (const lines of slides) {
    const slide = deck.addSlide();
    lines.forEach((text, i) => slide.addText(text, { x: 0.5, y: 0.4 + i * 0.9, w: 9, h: 0.8, fontSize: 20 }));
  }
  return (await deck.write({ outputType: "nodebuffer" })) as Buffer;
}

describe("a deck whose every slide is untitled", () => {
  it("gets one section per topic: a slide's own short line names it, a title-only slide takes the next one", async () => {
    const data = await untitledDeck([
      ["MIPS Lab", "CMPE 142 – Operating Systems"],
      ["Registers", "Thirty-two general registers hold the operands of every instruction."],
      ["Simple Stack Example"],
      ["The stack pointer moves down when a procedure saves its registers on entry."],
      ["Execution Stack Example", "A stack holds temporary results and permits recursive execution."],
    ]);
    const doc = await parsePptx({ data, fileName: "mips.pptx" });
    const note = generateOfflineNote({
      sources: [{ doc, fileName: "mips.pptx" }],
      title: "MIPS Lab",
      outputLanguage: "en-US",
      detailLevel: "detail",
    });
    const headings = note.markdown.split("\n").filter((l) => l.startsWith("## "));
    expect(headings).toEqual([
      "## MIPS Lab",
      "## Registers",
      "## Simple Stack Example",
      "## Execution Stack Example",
    ]);
    expect(note.markdown).toMatch(/## Simple Stack Example\n\nThe stack pointer moves down/);
    expect(note.markdown).not.toMatch(/## Slide \d/);
  });
});
