import type { SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { createEngine, type NoteRequest } from "./index";
import { isDebrisText } from "./summarize";

const offline = createEngine({ aiContextTokens: 8000, aiConcurrency: 2 });

function request(doc: SourceDocument, detailLevel: NoteRequest["detailLevel"] = "detail"): NoteRequest {
  return {
    sources: [{ doc, fileName: "doc.pdf" }],
    title: "Study notes",
    outputLanguage: "en-US",
    detailLevel,
  };
}

const para = (page: number, text: string) => ({ type: "paragraph" as const, page, text });

const transport: SourceDocument = {
  title: "Urban transport in India",
  format: "pdf",
  language: "en",
  pageCount: 6,
  sections: [
    {
      heading: "1 Vehicle growth",
      level: 1,
      blocks: [
        para(
          1,
          "The number of registered vehicles in Indian cities grew quickly after 2001. Two-wheelers make up most of the vehicles on city roads. Public buses carry a large share of trips in the largest cities.",
        ),
        para(1, "Source: Ministry of Road Transport and Highways, Government of India (2011)"),
        {
          type: "list",
          page: 2,
          items: [
            "Two-wheelers dominate private travel",
            "Source: Census of India 2011",
            "Buses carry most trips",
          ],
        },
      ],
    },
    {
      heading: "2 Conclusion",
      level: 1,
      blocks: [
        para(
          3,
          "Cities that invest in buses and metro lines reduce congestion and pollution. Planning land use around transit keeps trips short.",
        ),
        para(
          3,
          "Acknowledgments. We thank the Ministry of Urban Development for the survey data and our colleagues for their comments on the draft.",
        ),
      ],
    },
    {
      heading: "3 Data",
      level: 1,
      blocks: [
        para(
          3,
          "Transit planning needs reliable data on trips. Household surveys record where and when people travel on each day of the week. MetroPlan is a registered trademark of Acme Systems Inc. © 2011 Acme Systems. All rights reserved.",
        ),
      ],
    },
    {
      heading: "Acknowledgements",
      level: 1,
      blocks: [
        para(
          4,
          "The authors are grateful to the transport department for sharing the ridership figures used in this study.",
        ),
      ],
    },
    {
      heading: "4 Appendix",
      level: 1,
      blocks: [
        para(5, "The survey covered eleven cities between 2009 and 2011 with household travel diaries."),
      ],
    },
  ],
};

const zh: SourceDocument = {
  title: "城市交通",
  format: "pdf",
  language: "zh",
  pageCount: 3,
  sections: [
    {
      heading: "1 机动车增长",
      level: 1,
      blocks: [
        para(
          1,
          "城市机动车数量在过去十年中迅速增长，公共汽车承担了大部分出行。地铁建设缓解了中心城区的拥堵。",
        ),
        para(1, "来源：国家统计局，2011年城市统计年鉴"),
      ],
    },
    {
      heading: "致谢",
      level: 1,
      blocks: [para(2, "感谢交通部门提供的客流数据以及同事们对初稿提出的宝贵意见。")],
    },
  ],
};

const de: SourceDocument = {
  title: "Verkehr",
  format: "pdf",
  language: "de",
  pageCount: 3,
  sections: [
    {
      heading: "1 Wachstum",
      level: 1,
      blocks: [
        para(
          1,
          "Die Zahl der Fahrzeuge in den Städten wächst seit Jahren stark. Busse und Bahnen tragen einen großen Teil der Wege.",
        ),
        para(1, "Quelle: Statistisches Bundesamt, Verkehr in Zahlen 2011"),
      ],
    },
    {
      heading: "Danksagung",
      level: 1,
      blocks: [
        para(2, "Wir danken dem Verkehrsministerium für die Daten und den Kollegen für ihre Hinweise."),
      ],
    },
  ],
};

describe("debris out of the note", () => {
  for (const level of ["detail", "simple"] as const) {
    it(`drops "Source:" lines, acknowledgments and trademark and copyright notices (${level})`, async () => {
      const note = await offline.generateNote(request(transport, level));
      const md = note.markdown;
      expect(md).not.toMatch(
        /Source:|Census of India|Acknowledgments\.|grateful|We thank|trademark|©|All rights reserved/,
      );
      expect(md).toContain("Cities that invest in buses");
      expect(note.sections.map((s) => s.heading)).toEqual([
        "1 Vehicle growth",
        "2 Conclusion",
        "3 Data",
        "4 Appendix",
      ]);
    });
  }

  it("keeps the rest of a paragraph whose last sentences are a notice", async () => {
    const note = await offline.generateNote(request(transport));
    expect(note.markdown).toContain("Transit planning needs reliable data on trips.");
    expect(note.markdown).toContain("Two-wheelers dominate private travel");
  });

  it("drops 来源 lines and what 致谢 says in Chinese, Quelle lines and what Danksagung says in German", async () => {
    const zhNote = await offline.generateNote({ ...request(zh), outputLanguage: "zh-CN" });
    expect(zhNote.markdown).not.toMatch(/来源|国家统计局|感谢/);
    expect(zhNote.markdown).toContain("机动车数量");
    const deNote = await offline.generateNote(request(de));
    expect(deNote.markdown).not.toMatch(/Quelle|Bundesamt|danken/);
    expect(deNote.markdown).toContain("Fahrzeuge");
  });

  it("tells debris from sentences that only mention the words", () => {
    expect(isDebrisText("Source: World Bank (2010)")).toBe(true);
    expect(isDebrisText("来源：国家统计局")).toBe(true);
    expect(isDebrisText("Quelle: Destatis")).toBe(true);
    expect(isDebrisText("Java is a registered trademark of Oracle and/or its affiliates.")).toBe(true);
    expect(isDebrisText("© 2011 Pearson Education, Inc.")).toBe(true);
    expect(isDebrisText("Remerciements : nous remercions l'équipe du laboratoire.")).toBe(true);
    expect(isDebrisText("The source of the river is in the mountains.")).toBe(false);
    expect(isDebrisText("A trademark protects a brand name used in trade.")).toBe(false);
    expect(isDebrisText("Acknowledgment of the problem is the first step to solving it.")).toBe(false);
    expect(isDebrisText("Open source: software whose code anyone may read.")).toBe(false);
  });

  it("keeps a slide's code as the slide shows it but finds no key term in it", async () => {
    const slides: SourceDocument = {
      title: "Refactoring",
      format: "pptx",
      language: "en",
      pageCount: 2,
      sections: [1, 2].map((page) => ({
        heading: page === 1 ? "Extract method" : "Rename field",
        level: 1,
        blocks: [
          {
            type: "list" as const,
            page,
            items: [
              "class Account{",
              "private int cents;",
              "public static Account open(int cents){",
              "return new Account(cents);",
            ],
          },
          para(
            page,
            "A refactoring changes the structure of code while its behaviour stays the same. Small refactorings keep the tests green at every step of the change.",
          ),
        ],
      })),
    };
    const note = await offline.generateNote(request(slides));
    expect(note.markdown).toContain("public static Account open(int cents){");
    const keyTerms = note.markdown.match(/\*\*Key terms:\*\*(.*)/)?.[1] ?? "";
    expect(keyTerms).toMatch(/refactoring/i);
    expect(keyTerms).not.toMatch(/int|cents|public|static|class|return/i);
  });

  it("tells thanks and funding notices without a heading from sentences that say 'thanks to' or 'support'", () => {
    for (const thanks of [
      "Thanks to Ana Lima, Bo Chen and Carl Dahl for assistance, as well as the Science Council for partially funding this research under grant 123.",
      "We would like to thank the reviewers for their comments.",
      "The authors thank the lab's technicians for their help.",
      "This work was partially supported by the National Research Fund.",
      "Nous remercions Marie Curie pour son aide.",
      "Wir danken dem Team für ihre Unterstützung.",
      "感谢李老师的支持。",
      "本研究得到国家自然科学基金资助。",
      "Работа выполнена при финансовой поддержке фонда.",
    ])
      expect(isDebrisText(thanks), thanks).toBe(true);
    for (const sentence of [
      "Thanks to its cache, the server answers in one round trip.",
      "Thanks to the lock, two writers never overwrite each other.",
      "This work shows that caching halves the latency.",
      "感谢信是一种表达谢意的文体。",
    ])
      expect(isDebrisText(sentence), sentence).toBe(false);
  });
});
