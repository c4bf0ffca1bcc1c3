import { describe, expect, it } from "vitest";
import type { SourceDocument } from "@beannote/contract";
import { nlpReady } from "../../engine/nlp";
import { createIndexCache } from "./index-cache";
import { answerOffline } from "./offline-answer";
import { buildFileIndex } from "./passage-index";

/** A paged document: each section on its own page, paragraphs and lists as written. */
function paged(sections: { heading: string; lines: string[] }[]): SourceDocument {
  return {
    title: "",
    format: "pdf",
    language: "und",
    pageCount: sections.length,
    sections: sections.map((section, i) => {
      const blocks: SourceDocument["sections"][number]["blocks"] = [];
      for (const line of section.lines) {
        const last = blocks.at(-1);
        if (line.startsWith("- ")) {
          if (last?.type === "list") last.items!.push(line.slice(2));
          else blocks.push({ type: "list", items: [line.slice(2)], page: i + 1 });
        } else blocks.push({ type: "paragraph", text: line, page: i + 1 });
      }
      return { heading: section.heading, level: 2, blocks };
    }),
  };
}

const astronomy = paged([
  {
    heading: "The Solar System",
    lines: [
      "The solar system formed about 4.6 billion years ago from a collapsing cloud of gas.",
      "The Sun holds more than 99 percent of the mass of the solar system.",
    ],
  },
  {
    heading: "Planets",
    lines: [
      "A planet is a body that orbits the Sun, is nearly round and has cleared its orbit of other objects.",
      "The four inner planets are:",
      "- Mercury, the smallest planet.",
      "- Venus, the hottest planet.",
      "- Earth, the only planet known to hold life.",
      "- Mars, which has two small moons.",
      "Jupiter has 95 known moons, more than any planet except Saturn.",
    ],
  },
  {
    heading: "Comets",
    lines: [
      "A comet is an icy body that releases gas when it passes close to the Sun.",
      "Halley's comet returns to the inner solar system every 76 years.",
    ],
  },
]);

const answer = (doc: SourceDocument, question: string, language: "en-US" | "zh-CN" = "en-US") =>
  answerOffline([buildFileIndex(doc)], question, language);

describe("the offline answer", () => {
  it("answers 'what is' with the defining sentence and its page", () => {
    const result = answer(astronomy, "What is a comet?");
    expect(result.found).toBe(true);
    expect(result.citations[0]).toEqual({
      source: 1,
      page: 3,
      quote: "A comet is an icy body that releases gas when it passes close to the Sun.",
    });
    expect(result.answer).toContain("[p. 3](#source=1&page=3)");
  });

  it("answers 'how many' with the sentence that states the number", () => {
    const result = answer(astronomy, "How many moons does Jupiter have?");
    expect(result.found).toBe(true);
    expect(result.citations[0]!.quote).toContain("95 known moons");
    expect(result.citations[0]!.page).toBe(2);
  });

  it("answers 'what are the N …' with the list, each item with its page", () => {
    const result = answer(astronomy, "What are the four inner planets?");
    expect(result.found).toBe(true);
    const items = result.answer.split("\n").filter((line) => line.startsWith("- "));
    expect(items).toHaveLength(4);
    expect(items[0]).toContain("Mercury");
    expect(items.every((line) => line.includes("(#source=1&page=2)"))).toBe(true);
  });

  it("says the document does not say, with the nearest sections, below the confidence threshold", () => {
    const result = answer(astronomy, "Who painted the Mona Lisa?");
    expect(result.found).toBe(false);
    expect(result.citations).toEqual([]);
    expect(result.answer).toContain("The document does not say.");
    const nearSun = answer(astronomy, "What is the temperature of the Sun's corona?");
    expect(nearSun.found).toBe(false);
    expect(nearSun.nearestSections.length).toBeGreaterThan(0);
  });

  it("answers in Chinese, finding a term the segmenter cuts differently in the text", async () => {
    await nlpReady("zh");
    const os = paged([
      { heading: "进程", lines: ["进程是程序在数据集合上的一次执行过程，是系统进行资源分配的基本单位。"] },
      {
        heading: "内存管理",
        lines: ["快表是一种高速缓存，用于存放最近访问过的页表项。", "常见的页面大小为4KB。"],
      },
    ]);
    const fast = answer(os, "什么是快表？", "zh-CN");
    expect(fast.found).toBe(true);
    expect(fast.citations[0]!.page).toBe(2);
    expect(fast.answer).toContain("[第 2 页](#source=1&page=2)");
    const missing = answer(os, "光合作用的产物是什么？", "zh-CN");
    expect(missing.found).toBe(false);
    expect(missing.answer).toContain("文档中没有说明这一点");
  });

  it("answers in Russian through the stems of its words", () => {
    const thermo = paged([
      {
        heading: "Основные понятия",
        lines: ["Абсолютный нуль температуры равен минус 273,15 градуса Цельсия."],
      },
      {
        heading: "Тепловые двигатели",
        lines: [
          "Цикл Карно состоит из двух изотерм и двух адиабат.",
          "Холодильная машина переносит теплоту.",
        ],
      },
    ]);
    const carnot = answer(thermo, "Из чего состоит цикл Карно?");
    expect(carnot.found).toBe(true);
    expect(carnot.citations[0]).toMatchObject({
      page: 2,
      quote: "Цикл Карно состоит из двух изотерм и двух адиабат.",
    });
    expect(answer(thermo, "Кто написал роман «Война и мир»?").found).toBe(false);
  });

  it("cites the right source of a note with two files", () => {
    const other = paged([{ heading: "Rivers", lines: ["The Nile is the longest river in Africa."] }]);
    const result = answerOffline(
      [buildFileIndex(other), buildFileIndex(astronomy)],
      "What is a planet?",
      "en-US",
    );
    expect(result.citations[0]).toMatchObject({ source: 2, page: 2 });
  });
});

describe("the index cache", () => {
  it("builds a file's index once, then answers from the cached one", async () => {
    const cache = createIndexCache({ maxFiles: 2 });
    let loads = 0;
    const load = async () => {
      loads++;
      return astronomy;
    };
    const first = await cache.get("file-1", load);
    const again = await cache.get("file-1", load);
    expect(again).toBe(first);
    expect(loads).toBe(1);
    await cache.get("file-2", load);
    await cache.get("file-3", load);
    // The least recently used file left the cache (bounded memory); asking it again builds it again.
    expect(cache.size()).toBe(2);
    await cache.get("file-1", load);
    expect(loads).toBe(4);
  });
});
