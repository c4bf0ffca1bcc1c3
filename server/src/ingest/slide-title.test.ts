import type { SourceBlock, SourceSection } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { generateOfflineNote } from "../engine/offline";
import { finishDocument } from "./document";
import { nameUntitledSlides, slideTitle } from "./slide-title";

describe("slideTitle", () => {
  it("leaves a chart's value labels drawn over the title out of it", () => {
    expect(slideTitle(["Trends in vehicle population", "3500 7 '000 75% 7 %of vehicles vehicles"])).toEqual({
      title: "Trends in vehicle population",
      rest: "3500 7 '000 75% 7 %of vehicles vehicles",
    });
    expect(slideTitle(["Рост парка 2010 2015 2020 45% 60%"]).title).toBe("Рост парка");
  });

  it("keeps numbers that belong to the title", () => {
    for (const title of [
      "Code of Practice, Release 1 January 2003",
      "Results Q1 2020 Q2 2021",
      "第3章 留数定理",
      "Top 10 tips",
    ])
      expect(slideTitle([title])).toEqual({ title, rest: "" });
  });
});

const slide = (heading: string, page: number, ...blocks: SourceBlock[]): SourceSection => ({
  heading,
  level: 1,
  blocks: blocks.map((b) => ({ ...b, page })),
});
const p = (text: string): SourceBlock => ({ type: "paragraph", text, page: 0 });
const notes = (text: string): SourceBlock => ({ type: "quote", text, page: 0 });
const list = (...items: string[]): SourceBlock => ({ type: "list", items, page: 0 });

describe("nameUntitledSlides", () => {
  it("names an untitled slide by its own question; a plain title line is left to the note", () => {
    const named = nameUntitledSlides([
      slide("Slide 1", 1, p("Do Programmers Refactor Often?")),
      slide(
        "Slide 2",
        2,
        p("Registers"),
        p("Thirty-two general registers hold the operands of every instruction."),
      ),
    ]);
    // a plain title line is left to the note, which takes it (prepare.ts); a question is named here
    expect(named.map((s) => s.heading)).toEqual(["Do Programmers Refactor Often?", "Slide 2"]);
    // the parse keeps every line of the slide
    expect(named[1]!.blocks).toHaveLength(2);
  });

  it("joins the slide it continues: after a title alone, running on in lower case, or about that slide's title", () => {
    const named = nameUntitledSlides([
      slide("Simple Stack Example", 1),
      slide("Slide 2", 2, p("The stack pointer moves down when a procedure saves its registers on entry.")),
      slide("Apache Performance Tuning", 3, p("Part 1: Scaling Up")),
      slide(
        "Slide 4",
        4,
        notes("Apache is a general webserver, which is designed to be correct first, and fast second."),
      ),
      slide("Memory", 5, list("Swapping kills a web server", "Size MaxClients to the memory")),
      slide("Slide 6", 6, notes("and when it swaps, every request waits on the disk.")),
    ]);
    expect(named.map((s) => s.heading)).toEqual([
      "Simple Stack Example",
      "Simple Stack Example",
      "Apache Performance Tuning",
      "Apache Performance Tuning",
      "Memory",
      "Memory",
    ]);
  });

  it("names a slide that continues nothing by its key term, never by its number", () => {
    const named = nameUntitledSlides([
      slide("The Silver Bullet", 1, p("“Make my web server go fast, please”")),
      slide(
        "Slide 2",
        2,
        notes(
          "Will help in this situation, but also provide everyday benefits when you’re not getting slashdotted. This is a slashdotting. Or 290Mb/minute, over 40Mbps. Who has more than 100Mbps?",
        ),
      ),
      slide(
        "Slide 3",
        3,
        list("From Alexandria, Egypt", "Euclid wrote the Elements", "Euclid listed five postulates"),
      ),
      slide("Slide 4", 4, notes("傅里叶级数把周期函数展开成正弦函数和余弦函数的无穷级数。")),
    ]);
    expect(named.map((s) => s.heading)).toEqual(["The Silver Bullet", "Slashdotted", "Euclid", "傅里叶级数"]);
    expect(named.some((s) => /^Slide \d+$/.test(s.heading))).toBe(false);
  });
});

describe("a deck's note", () => {
  it("has no 'Slide N' or '幻灯片 N' heading, in any output language", () => {
    const doc = finishDocument({
      format: "pptx",
      pageCount: 5,
      // as the deck parsers hand them over
      sections: nameUntitledSlides([
        slide("Trends in Urban Transport", 1, p("Vehicle ownership grew fastest in the largest cities.")),
        slide("Slide 2", 2, notes("Public transport operators lost riders to two-wheelers over the decade.")),
        slide("Slide 3", 3, p("Do Operators Cover Their Costs?")),
        slide(
          "Slide 4",
          4,
          list("Fares cover 60% of operating costs", "Subsidies fill the gap in most states"),
        ),
        slide("Slide 5", 5, p("Bus Rapid Transit"), list("Ahmedabad and Indore run dedicated bus lanes")),
      ]),
      fileName: "transport.pptx",
    });
    for (const outputLanguage of ["en-US", "zh-CN"] as const) {
      const { markdown } = generateOfflineNote({
        sources: [{ doc, fileName: "transport.pptx" }],
        title: doc.title,
        outputLanguage,
        detailLevel: "detail",
      });
      expect(markdown).not.toMatch(/^#{1,6} (?:Slide|幻灯片) \d+$/mu);
      expect(markdown).toMatch(/^## Do Operators Cover Their Costs\?$/mu);
      expect(markdown).toMatch(/^## Bus Rapid Transit$/mu);
    }
  });
});
