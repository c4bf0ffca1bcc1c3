import type { SourceDocument } from "@beannote/contract";
import { QUESTION_TYPES } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { textLanguage } from "../nlp";
import { noteMaterial, sectionSentences } from "../note-material";
import { offlineQuiz, quizLanguage } from "./offline";

const cite = (page: number) => `*Sources:* [p. ${page}](#source=1&page=${page})`;

function materialOf(markdown: string, language: string, outputLanguage: "zh-CN" | "en-US") {
  const source: SourceDocument = {
    title: "t",
    format: "pdf",
    language,
    pageCount: 3,
    sections: [1, 2, 3].map((page) => ({
      heading: `Page ${page}`,
      level: 1,
      blocks: [{ type: "paragraph" as const, page, text: markdown }],
    })),
  };
  return noteMaterial({ title: "t", markdown, outputLanguage, sources: [source] });
}

/** A Chinese maths lecture with its formulas in LaTeX (more Latin letters than Han characters), a caption and a remark about the text. */
const zhMaths = [
  "# 数学物理方法",
  "## 解析函数",
  "若 $f(z) = u(x,y) + i v(x,y)$ 在 $z_0$ 的邻域 $U(z_0)$ 内处处可导，则称 $f(z)$ 在 $z_0$ 解析。**柯西-黎曼方程** $u_x = v_y, u_y = -v_x$ 是 $f(z)$ 可导的必要条件。",
  "图 3.2 $f(z) = z^2$ 的实部 $u(x,y)$ 与虚部 $v(x,y)$ 的等值线。这里我们不做证明。若 $u_x, u_y, v_x, v_y$ 在 $D$ 内连续且满足 **柯西-黎曼方程**，则 $f(z)$ 在 $D$ 内解析。**调和函数** $u$ 满足 $u_{xx} + u_{yy} = 0$。",
  cite(1),
  "## 留数定理",
  "若 $f(z)$ 在 $\\overline{D}$ 上除 $z_1, z_2, \\ldots, z_n$ 外解析，则 $\\oint_C f(z)\\,dz = 2\\pi i \\sum_{k=1}^{n} \\mathrm{Res}[f(z), z_k]$。**留数** $\\mathrm{Res}[f, z_0] = c_{-1}$ 是 $f(z)$ 在 $z_0$ 的 **洛朗级数** $\\sum_n c_n (z-z_0)^n$ 中 $(z-z_0)^{-1}$ 项的系数。",
  "表 2 常见函数的留数。若 $z_0$ 是 $f(z)$ 的 $m$ 阶 **极点**，则 $\\mathrm{Res}[f, z_0] = \\frac{1}{(m-1)!} \\lim_{z \\to z_0} \\frac{d^{m-1}}{dz^{m-1}} [(z-z_0)^m f(z)]$。下面我们略去推导。**本性奇点** 的留数只能由 **洛朗级数** 求出。",
  cite(2),
  "## 傅里叶变换",
  "函数 $f(x)$ 的 **傅里叶变换** 定义为 $F(k) = \\int_{-\\infty}^{\\infty} f(x) e^{-ikx} dx$。**卷积定理** 说明 $f * g$ 的傅里叶变换等于 $F(k) G(k)$。",
  "图 4 $f(x) = e^{-x^2}$ 与其变换 $F(k)$。**帕塞瓦尔定理** 表明 $\\int |f(x)|^2 dx = \\frac{1}{2\\pi} \\int |F(k)|^2 dk$，能量在变换前后守恒。此处不作详细推导。",
  cite(3),
].join("\n\n");

/** An English note with captions and sentences about the text between its statements. */
const enNotes = [
  "# Operating systems",
  "## Scheduling",
  "In this section we describe how the scheduler picks the next process. **Round robin** gives each process a fixed **time slice** and then moves it to the back of the **ready queue**. **Shortest job first** minimises the average **waiting time** when burst lengths are known in advance.",
  "Figure 4: Gantt chart of a round robin schedule with a time slice of 4 ms. A **context switch** saves the registers of the running process and loads those of the next one. We do not prove this here.",
  cite(1),
  "## Memory",
  "**Paging** divides physical memory into fixed-size **frames** and logical memory into **pages** of the same size. Table 2 Page table entries and their flag bits. The **page table** maps each page number to the frame that holds it.",
  "A **translation lookaside buffer** caches recent page table entries so that most address translations need no memory access. See Section 5 for the details of the replacement policies. **Thrashing** happens when processes spend more time paging than executing.",
  cite(2),
  "## Files",
  "A **file system** organises data on a disk into named files and directories. An **inode** stores the metadata of a file and the addresses of its data blocks.",
  "**Journaling** writes metadata changes to a log before applying them, so that a crash leaves the file system consistent. In this chapter we only sketch the design.",
  cite(3),
].join("\n\n");

/** Sections that open with a sentence of no concept, their definitions, results and causes later. */
const enLecture = [
  "# Operating systems",
  "## Memory",
  "Memory has been a topic of interest for many people over the years, and it remains one today. **Paging** divides physical memory into fixed-size **frames** and logical memory into **pages** of the same size. **Thrashing** occurs because processes spend more time swapping pages than executing instructions. A **translation lookaside buffer** is a cache that stores recent page table entries.",
  cite(1),
  "## Deadlock",
  "Many students find this part of the course interesting and worth a second look. A **deadlock** is a state in which each process of a set waits for a resource held by another process of the set. The **banker's algorithm** avoids deadlock by granting a request only when the resulting state is safe. **Circular wait** arises because each process holds one resource while it requests the next.",
  cite(2),
  "## Files",
  "Files are something everyone uses every day, on every kind of computer. An **inode** is a structure that stores the metadata of a file and the addresses of its data blocks. **Journaling** keeps the file system consistent because metadata changes are written to a log before they are applied.",
  cite(3),
].join("\n\n");

describe("offline quiz material (issue 24)", () => {
  it("takes key points from the sentences that carry a section's concepts, not from its opening remark", async () => {
    const m = materialOf(enLecture, "en", "en-US");
    const openers = /topic of interest|worth a second look|every kind of computer/u;
    const points: string[] = [];
    for (const seed of ["a", "b", "c", "d", "e"]) {
      const quiz = await offlineQuiz(m, {
        types: ["short_answer", "discourse", "case_analysis"],
        count: 6,
        seed,
      });
      points.push(...quiz.flatMap((q) => q.keyPoints));
    }
    expect(points.length).toBeGreaterThan(0);
    expect(points.filter((p) => openers.test(p))).toEqual([]);
    // the definitions and causes are among them
    expect(points.some((p) => /is a state in which|is a cache that/u.test(p))).toBe(true);
    expect(points.some((p) => /because/u.test(p))).toBe(true);
  });

  it("asks to explain the term a definition defines, not another term it names", async () => {
    const economics = [
      "# Economics",
      "## Fiscal policy",
      "> Fiscal policy is the use of **government spending** and taxes to steer the economy.",
      "The **multiplier effect** makes an increase in government spending raise national income by a multiple of it. A **budget deficit** is financed by issuing government bonds.",
      cite(1),
      "## Monetary policy",
      "> Open market operations are purchases and sales of government bonds by the **central bank**.",
      "The central bank lowers the **policy rate** when the economy is weak. **Quantitative easing** expands the central bank's balance sheet.",
      cite(2),
      "## Trade",
      "> A tariff is a tax on imported goods that raises their domestic price.",
      "A **trade deficit** arises when a country imports more than it exports. The **exchange rate** is the price of one currency in terms of another.",
      cite(3),
    ].join("\n\n");
    const m = materialOf(economics, "en", "en-US");
    for (const seed of ["a", "b", "c", "d", "e", "f"]) {
      const quiz = await offlineQuiz(m, { types: ["short_answer"], count: 6, seed });
      for (const q of quiz) {
        const defines = /^(Fiscal policy|Open market operations|A tariff) is/u.exec(
          q.keyPoints[0] ?? "",
        )?.[1];
        if (defines && q.question.startsWith("What is"))
          expect(q.question).toContain(defines.replace(/^A /u, ""));
      }
    }
  });

  it("offers no verb and its object as a term (a bold 'flush the buffer' cut out of a sentence)", async () => {
    const storage = [
      "# Storage",
      "## Buffers",
      "The **page cache** keeps recently read blocks in memory. A program may **flush the buffer** before it exits, so that no write is lost. The **write-back policy** delays writes until a block is evicted.",
      "The **block device** serves reads in units of sectors. A **journal** records metadata changes before they are applied.",
      cite(1),
      "## Scheduling",
      "The **elevator algorithm** orders disk requests by cylinder. A **request queue** holds pending reads and writes for each device. The **deadline scheduler** bounds the waiting time of every request.",
      cite(2),
    ].join("\n\n");
    const m = materialOf(storage, "en", "en-US");
    const options: string[] = [];
    for (const seed of ["a", "b", "c", "d", "e", "f"]) {
      const quiz = await offlineQuiz(m, { types: ["choice", "multiple_choice"], count: 8, seed });
      options.push(...quiz.filter((q) => q.type === "choice").flatMap((q) => q.options));
    }
    expect(options.length).toBeGreaterThan(0);
    expect(options).not.toContain("flush the buffer");
  });

  it("reads a Chinese maths note as Chinese, its LaTeX letters aside", () => {
    const m = materialOf(zhMaths, "zh", "zh-CN");
    const sample = m.sections.flatMap((s) => sectionSentences(s).map((x) => x.text)).join(" ");
    // the text as written has more Latin letters than Han characters, but a Han character weighs what a short
    // word does: read whole, it is Chinese; and a note taken for English is still quizzed in Chinese
    expect(textLanguage(sample, "en")).toBe("zh");
    expect(quizLanguage({ ...m, bodyLanguage: "en" })).toBe("zh");
  });

  it("asks nothing of a caption or a sentence about the text, in Chinese and English", async () => {
    const m = materialOf(zhMaths, "zh", "zh-CN");
    const meta = /^[图表]\s*\d|不做证明|略去推导|不作详细推导/u;
    for (const seed of ["a", "b", "c", "d"]) {
      const quiz = await offlineQuiz(m, { types: [...QUESTION_TYPES], count: 12, seed });
      expect(quiz.length).toBeGreaterThan(0);
      for (const q of quiz) {
        expect(q.quote, q.question).not.toMatch(meta);
        for (const p of q.keyPoints) expect(p).not.toMatch(meta);
        for (const o of q.options) expect(o).not.toMatch(meta);
        if (q.type === "judgment") expect(q.question).not.toMatch(meta);
      }
    }
    const en = materialOf(enNotes, "en", "en-US");
    const enMeta = /^(?:Figure|Table) \d|In this (?:section|chapter)|do not prove|See Section/u;
    for (const seed of ["a", "b", "c", "d"]) {
      const quiz = await offlineQuiz(en, { types: [...QUESTION_TYPES], count: 12, seed });
      expect(quiz.length).toBeGreaterThan(0);
      for (const q of quiz) {
        expect(q.quote, q.question).not.toMatch(enMeta);
        for (const p of q.keyPoints) expect(p).not.toMatch(enMeta);
        if (q.type === "judgment") expect(q.question).not.toMatch(enMeta);
      }
    }
  });
});
