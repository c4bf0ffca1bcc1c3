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

describe("a deck whose slide titles are numbered", () => {
  it("nests its slides as their numbers say (5.1.1 under 5.1)", async () => {
    // a held-out Chinese deck's "5.1.1 CPU与I/O突发周期" stood beside "5.1 基本概念" in its note, map and podcast
    const deck = new PptxGenJS();
    for (const [title, text] of [
      ["5.1 基本概念", "CPU调度的核心目标是通过在进程间切换CPU，最大化CPU利用率。"],
      ["5.1.1 CPU与I/O突发周期", "进程的执行由CPU突发和I/O突发交替构成。"],
      ["5.1.2 CPU调度器", "CPU调度器负责从就绪队列中选择一个进程并分配CPU。"],
      ["5.2 调度标准", "吞吐量是单位时间内完成进程的数量。"],
    ] as const) {
      const slide = deck.addSlide();
      slide.addText(title, { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
      slide.addText(text, { x: 0.5, y: 1.5, w: 9, h: 1, fontSize: 18 });
    }
    const data = (await deck.write({ outputType: "nodebuffer" })) as Buffer;
    const doc = await parsePptx({ data, fileName: "cpu.pptx" });
    expect(doc.sections.map((s) => s.level)).toEqual([1, 2, 2, 1]);
    const note = generateOfflineNote({
      sources: [{ doc, fileName: "cpu.pptx" }],
      title: "CPU调度",
      outputLanguage: "zh-CN",
      detailLevel: "detail",
    });
    expect(note.markdown.split("\n").filter((l) => /^#{2,} /u.test(l))).toEqual([
      "## 5.1 基本概念",
      "### 5.1.1 CPU与I/O突发周期",
      "### 5.1.2 CPU调度器",
      "## 5.2 调度标准",
    ]);
  });
});
