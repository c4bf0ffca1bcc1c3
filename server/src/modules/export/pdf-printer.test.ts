import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error";
import { exportDocument } from "./export-document";
import { headerFooter, noteHtml } from "./note-html";
import { createPdfPrinter, MAX_WAITING_PER_USER } from "./pdf-printer";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dir = mkdtempSync(path.join(os.tmpdir(), "beannote-pdf-"));

/** pdftotext and pdffonts of a PDF (poppler-utils). */
function poppler(pdf: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" })
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      // name, type…, encoding, emb, sub, uni, object, generation: the flags are the 5th–3rd last columns
      const cols = line.trim().split(/\s+/);
      return { name: cols[0]!, embedded: cols[cols.length - 5] === "yes" };
    });
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return { text, fonts, info };
}

const multiScript = [
  "# Scripts",
  "",
  "## Русский раздел",
  "",
  "Привет, мир: **пространство** и время.",
  "",
  "## ภาษาไทย",
  "",
  "สวัสดีครับ นี่คือบันทึกการเรียน",
  "",
  "## 日本語",
  "",
  "これは日本語の文章です。",
  "",
  "## 한국어",
  "",
  "이것은 한국어 문장입니다.",
  "",
  "## 中文",
  "",
  "> **定义：** 拓扑空间是一个集合。",
  "",
  "| 项 | 值 |",
  "| --- | --- |",
  "| 开集 | 任意并 |",
  "",
  "<script>alert('raw')</script>",
  "",
  "*Sources:* [p. 12](#source=1&page=12)",
].join("\n");

describe("PDF printer (one Chromium, bounded)", () => {
  const printer = createPdfPrinter({ executablePath: CHROMIUM, concurrency: 2 });
  afterAll(() => printer.close());

  it("prints every script with embedded Noto fonts, a header title and page numbers, raw HTML not run", async () => {
    const doc = exportDocument({
      title: "Многоязычный конспект 多语言",
      markdown: multiScript,
      outputLanguage: "en-US",
      updatedAt: new Date("2026-03-05T10:00:00Z"),
      sources: ["lecture.pdf"],
    });
    const pdf = await printer.print(noteHtml(doc), headerFooter(doc));
    const { text, fonts, info } = poppler(pdf);
    for (const phrase of [
      "Привет, мир",
      "สวัสดีครับ",
      "これは日本語の文章です。",
      "이것은 한국어 문장입니다.",
      "拓扑空间是一个集合。",
      "任意并",
      "March 5, 2026",
      "p. 12",
    ])
      expect(text, phrase).toContain(phrase);
    expect(text).toMatch(/^\s*1\s*\/\s*1\s*$/m); // the footer's page number
    expect(text).not.toContain("alert");
    expect(text).not.toContain("<script>");
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    const names = fonts.map((f) => f.name).join(" ");
    expect(names).toMatch(/NotoSans-/);
    expect(names).toMatch(/NotoSansThai/);
    expect(info).toMatch(/Page size:.*\(A4\)/);
    expect(info).toMatch(/Title:\s+Многоязычный конспект 多语言/);
  });

  it("prints at most two at once and launches Chromium once for all of them", async () => {
    const doc = exportDocument({
      title: "Load",
      markdown: "## A\n\ntext",
      outputLanguage: "en-US",
      updatedAt: new Date(),
      sources: [],
    });
    const pdfs = await Promise.all(
      Array.from({ length: 6 }, () => printer.print(noteHtml(doc), headerFooter(doc))),
    );
    expect(pdfs.every((pdf) => pdf.subarray(0, 5).toString() === "%PDF-")).toBe(true);
    expect(printer.load).toMatchObject({ running: 0, waiting: 0, peakRunning: 2, launches: 1 });
  });

  it("prints the 22-character \\rule bomb as one page (KaTeX sizes are capped)", async () => {
    // before: a 6,867-page PDF after 248 s with Chromium at 3.6 GB
    const doc = exportDocument({
      title: "Bomb",
      markdown: "## A\n\n$\\rule{1em}{400000em}$\n\nafter",
      outputLanguage: "en-US",
      updatedAt: new Date(),
      sources: [],
    });
    const pdf = await printer.print(noteHtml(doc), headerFooter(doc), "bomber");
    const { info, text } = poppler(pdf);
    expect(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])).toBeLessThanOrEqual(2);
    expect(text).toContain("after");
  });

  it("refuses a page taller than the page cap with EXPORT_TOO_LARGE before printing, and prints the next one", async () => {
    const capped = createPdfPrinter({ executablePath: CHROMIUM, concurrency: 1, maxPages: 50 });
    try {
      // 400,000 em of height however it is made (an image, a table, CSS): measured, not printed
      const tall = `<!doctype html><body><div style="height: 6000000px">tall</div></body>`;
      const error = await capped.print(tall, { headerTemplate: "", footerTemplate: "" }).catch((e) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("EXPORT_TOO_LARGE");
      expect((error as AppError).status).toBe(413);
      const ok = await capped.print("<p>short</p>", { headerTemplate: "", footerTemplate: "" });
      expect(ok.subarray(0, 5).toString()).toBe("%PDF-");
      expect(capped.load).toMatchObject({ running: 0, waiting: 0 });
    } finally {
      await capped.close();
    }
  });

  it("abandons an export past its time limit with EXPORT_TOO_LARGE (the limit covers printing, not only loading)", async () => {
    const hurried = createPdfPrinter({ executablePath: CHROMIUM, concurrency: 1, timeoutMs: 1 });
    try {
      const error = await hurried
        .print("<p>x</p>", { headerTemplate: "", footerTemplate: "" })
        .catch((e) => e);
      expect((error as AppError).code).toBe("EXPORT_TOO_LARGE");
      expect(hurried.load).toMatchObject({ running: 0, waiting: 0 });
    } finally {
      await hurried.close();
    }
  });

  it("serves users in turn: B's one export is printed before A's backlog drains; A may queue only a few", async () => {
    const fair = createPdfPrinter({ executablePath: CHROMIUM, concurrency: 1 });
    try {
      const done: string[] = [];
      const page = (label: string) => `<p>${label}</p>`;
      const blank = { headerTemplate: "", footerTemplate: "" };
      const printOf = (owner: string, label: string) =>
        fair.print(page(label), blank, owner).then((pdf) => {
          done.push(label);
          return pdf;
        });
      // A: one printing and MAX_WAITING_PER_USER waiting, queued before B asks
      const a = Array.from({ length: 1 + MAX_WAITING_PER_USER }, (_, i) => printOf("user-a", `A${i + 1}`));
      const refused = await fair.print(page("A-extra"), blank, "user-a").catch((e) => e);
      expect((refused as AppError).code).toBe("EXPORT_RATE_LIMITED");
      expect((refused as AppError).status).toBe(429);
      expect(fair.load.waiting).toBe(MAX_WAITING_PER_USER);
      const b = printOf("user-b", "B1");
      await Promise.all([...a, b]);
      // A1 was printing, A2 had been waiting the longest; B1 comes next, before the rest of A's backlog
      expect(done.slice(0, 3)).toEqual(["A1", "A2", "B1"]);
      expect(done).toHaveLength(2 + MAX_WAITING_PER_USER);
    } finally {
      await fair.close();
    }
  });

  it("answers EXPORT_UNAVAILABLE when Chromium is not installed", async () => {
    const missing = createPdfPrinter({ executablePath: "/nonexistent/chromium", concurrency: 1 });
    expect(missing.available()).toBe(false);
    const error = await missing.print("<p>x</p>", { headerTemplate: "", footerTemplate: "" }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("EXPORT_UNAVAILABLE");
    expect((error as AppError).status).toBe(501);
  });
});
