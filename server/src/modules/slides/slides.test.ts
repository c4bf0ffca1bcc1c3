import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MindMap, SlideDeck } from "@beannote/contract";
import JSZip from "jszip";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import type { TestServer } from "../../../test/test-server";
import { startStudyBed } from "../../../test/study-bed";
import { readJobEvents } from "../../../test/pipeline";
import { isSofficeAvailable, renderPdfPreview } from "../../ingest/office-preview";

/** Opens a .pptx in LibreOffice (PDF), then reads it back with poppler: pages and each page's text. */
async function throughLibreOffice(pptx: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "slides-test-"));
  try {
    const file = path.join(dir, "deck.pptx");
    await writeFile(file, pptx);
    const pdf = await renderPdfPreview(file, dir);
    expect(pdf, "LibreOffice converted the .pptx").not.toBeNull();
    return readPdf(pdf!);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A PDF's page count and each page's text (read at once: the file is temporary). */
function readPdf(file: string) {
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  const texts = Array.from({ length: pages }, (_, i) =>
    execFileSync("pdftotext", ["-f", String(i + 1), "-l", String(i + 1), "-layout", file, "-"], {
      encoding: "utf8",
    }),
  );
  return { pages, text: (page: number) => texts[page - 1] ?? "" };
}

/** Letters and digits only: what survives the line breaks and spacing of a rendered page. */
const withoutFormulas = (s: string) => s.replace(/\$\$?[^$]+\$\$?/g, " ");
const squash = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase();

describe.each(pgliteOnly)("slides and mind map API on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  let englishNote: string;
  let chineseNote: string;

  beforeAll(async () => {
    ({ database, server, alice, bob, englishNote, chineseNote } = await startStudyBed(kind));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const deck = (noteId: string, token = alice) =>
    server.call<SlideDeck>("GET", `/note/${noteId}/slides`, { token });
  async function generate(noteId: string, body: Record<string, unknown> = {}) {
    const started = await server.call<{ jobId: string }>("POST", `/note/${noteId}/slides`, {
      token: alice,
      body,
    });
    expect(started.body.status, started.body.message).toBe(200);
    return readJobEvents(server, alice, started.body.data.jobId);
  }
  const download = (noteId: string, format: string, token = alice) =>
    fetch(`${server.url}/note/${noteId}/slides/export?format=${format}`, { headers: { token } });

  it("has no deck before one is generated", async () => {
    const empty = await deck(englishNote);
    expect(empty.body.data).toMatchObject({ slides: [], updatedAt: null, generation: null });
    expect(empty.body.data.exports.pptx).toBe(true);
    expect((await download(englishNote, "pptx")).status).toBe(409);
  });

  it("generates a deck within the asked length: title, agenda, content slides cited on their page, summary", async () => {
    const events = await generate(englishNote, { maxSlides: 8 });
    expect(events[0]?.type).toBe("progress");
    expect(events.at(-1)).toMatchObject({ type: "done", data: { slides: 8 } });
    const { data } = (await deck(englishNote)).body;
    expect(data.generation).toMatchObject({ status: "done" });
    expect(data.slides.map((s) => s.kind)).toEqual([
      "title",
      "agenda",
      "content",
      "content",
      "content",
      "content",
      "content",
      "summary",
    ]);
    for (const slide of data.slides.filter((s) => s.kind === "content")) {
      expect(slide.bullets.length).toBeGreaterThanOrEqual(1);
      expect(slide.bullets.length).toBeLessThanOrEqual(6);
      expect(slide.citation).toMatchObject({ source: 1 });
      expect(slide.citation!.page).toBeLessThanOrEqual(13);
      expect(slide.notes.length).toBeGreaterThan(0);
    }
    expect(data.slides[1]!.title).toBe("Agenda");
  });

  it("edits, reorders and deletes slides with one save; a stale or broken save changes nothing", async () => {
    const before = (await deck(englishNote)).body.data.slides;
    const [title, agenda, first, second, ...rest] = before;
    const edits = [title!, agenda!, second!, first!, ...rest.slice(1)].map((s) => ({
      slideId: s.slideId,
      title: s.title,
      bullets: s.bullets,
      notes: s.notes,
    }));
    edits[2] = {
      ...edits[2]!,
      title: "  检索：密集向量  ",
      bullets: ["第一点", "Second point"],
      notes: "讲者备注",
    };
    const saved = await server.call<SlideDeck>("PUT", `/note/${englishNote}/slides`, {
      token: alice,
      body: { slides: edits },
    });
    expect(saved.body.status, saved.body.message).toBe(200);
    const after = saved.body.data.slides;
    expect(after.map((s) => s.slideId)).toEqual(edits.map((e) => e.slideId));
    expect(after[2]).toMatchObject({
      title: "检索：密集向量",
      bullets: ["第一点", "Second point"],
      notes: "讲者备注",
    });
    expect(after[2]!.citation).toEqual(second!.citation); // the citation stays with its slide
    expect(after.some((s) => s.slideId === rest[0]!.slideId)).toBe(false); // deleted
    expect((await deck(englishNote)).body.data.slides).toEqual(after);

    const slideId = after[0]!.slideId;
    const one = (patch: Record<string, unknown>) => ({
      slides: [{ slideId, title: "t", bullets: [], notes: "", ...patch }],
    });
    const cases: [unknown, string][] = [
      [one({ title: "" }), "SLIDE_TEXT_INVALID"],
      [one({ title: "   " }), "SLIDE_TEXT_INVALID"],
      [one({ title: "x".repeat(201) }), "SLIDE_TEXT_INVALID"],
      [one({ bullets: ["1", "2", "3", "4", "5", "6", "7"] }), "SLIDE_TEXT_INVALID"],
      [one({ bullets: [""] }), "SLIDE_TEXT_INVALID"],
      [one({ notes: "x".repeat(5001) }), "SLIDE_TEXT_INVALID"],
      [one({ title: "a\u0000b" }), "TEXT_INVALID"],
      [one({ slideId: "not-a-uuid" }), "ID_INVALID"],
      [one({ slideId: "2b5d8c8e-1f0a-4c1e-9a57-6f1d3c2b9e10" }), "SLIDES_CHANGED"],
      [{ slides: [] }, "SLIDES_INVALID"],
      [{ slides: [one({}).slides[0], one({}).slides[0]] }, "SLIDES_INVALID"],
      [{}, "SLIDES_INVALID"],
    ];
    for (const [body, code] of cases) {
      const answer = await server.call("PUT", `/note/${englishNote}/slides`, {
        token: alice,
        body,
        headers: { language: "zh-CN" },
      });
      expect([JSON.stringify(body).slice(0, 80), answer.body.code]).toEqual([
        JSON.stringify(body).slice(0, 80),
        code,
      ]);
      expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/u);
    }
    for (const maxSlides of [4, 61, 7.5, "ten"]) {
      const answer = await server.call("POST", `/note/${englishNote}/slides`, {
        token: alice,
        body: { maxSlides },
        headers: { language: "en-US" },
      });
      expect([maxSlides, answer.body.code]).toEqual([maxSlides, "SLIDE_COUNT_INVALID"]);
      expect(answer.body.message).toBe("The number of slides must be between 5 and 60.");
    }
    const bad = await server.call("GET", `/note/${englishNote}/slides/export?format=key`, { token: alice });
    expect(bad.body.code).toBe("VALIDATION_FAILED");
    expect((await deck(englishNote)).body.data.slides).toEqual(after);
  });

  it("downloads a .pptx with notes, tables and citation footers that LibreOffice opens: a page per slide, every slide's text, Chinese intact", async () => {
    await generate(chineseNote, { maxSlides: 7 });
    const slides = (await deck(chineseNote)).body.data.slides;
    expect(slides.some((s) => s.table)).toBe(true);
    const response = await download(chineseNote, "pptx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("presentationml.presentation");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename=".*\.pptx"; filename\*=UTF-8''zh-study-notes-point-set-topology\.docx\.pptx/,
    );
    const pptx = Buffer.from(await response.arrayBuffer());
    const zip = await JSZip.loadAsync(pptx);
    const slideXml = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    expect(slideXml).toHaveLength(slides.length);
    const notesXml = Object.keys(zip.files).filter((f) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(f));
    expect(notesXml.length).toBe(slides.length);
    const all = (await Promise.all(slideXml.map((f) => zip.file(f)!.async("string")))).join("");
    expect(all).toContain('typeface="Microsoft YaHei"');
    expect(all).toContain("<a:tbl>");
    expect(all).toMatch(/出处：zh-study-notes-point-set-topology\.docx 第 \d+ 页/);

    if (!isSofficeAvailable()) return; // scripts/install-optional.sh installs it (CI does)
    const pdf = await throughLibreOffice(pptx);
    expect(pdf.pages).toBe(slides.length);
    for (const [i, slide] of slides.entries()) {
      const page = squash(pdf.text(i + 1));
      expect(page, `slide ${i + 1} title`).toContain(squash(slide.title).slice(0, 12));
      // LibreOffice draws no a14:m equation of the deck as downloaded (the slide PDF prints the fallbacks)
      for (const bullet of slide.bullets)
        expect(page, `slide ${i + 1}: ${bullet}`).toContain(squash(withoutFormulas(bullet)).slice(0, 10));
    }
    expect(pdf.text(2)).toContain("目录");
  }, 120_000);

  it("downloads PDF slides, one page per slide (LibreOffice), or says why it cannot", async () => {
    const count = (await deck(englishNote)).body.data.slides.length;
    const response = await download(englishNote, "pdf");
    if (!isSofficeAvailable()) {
      expect(((await response.json()) as { code: string }).code).toBe("SLIDES_PDF_UNAVAILABLE");
      return;
    }
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const dir = await mkdtemp(path.join(os.tmpdir(), "slides-pdf-"));
    const file = path.join(dir, "deck.pdf");
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const pdf = readPdf(file);
    await rm(dir, { recursive: true, force: true });
    expect(pdf.pages).toBe(count);
    expect(pdf.text(3)).toContain("检索：密集向量");
  }, 120_000);

  it("derives the mind map from the note's current Markdown, edits included", async () => {
    const map = (await server.call<MindMap>("GET", `/note/${chineseNote}/mind-map`, { token: alice })).body
      .data;
    expect(map.root.kind).toBe("root");
    const headings = map.root.children.map((c) => c.label);
    expect(headings).toContain("四、拓扑空间的重要拓扑性质");
    expect(map.outline.split("\n")[0]).toMatch(/^# /);
    expect(map.initialExpandLevel).toBe(-1);

    const note = await server.call<{ markdown: string }>("GET", `/note/${chineseNote}`, { token: alice });
    const markdown = `${note.body.data.markdown}\n\n## 六、新增的一节\n\n**紧致性**是拓扑性质。\n`;
    const saved = await server.call("PUT", `/note/${chineseNote}`, { token: alice, body: { markdown } });
    expect(saved.body.status, saved.body.message).toBe(200);
    const after = (await server.call<MindMap>("GET", `/note/${chineseNote}/mind-map`, { token: alice })).body
      .data;
    expect(after.root.children.at(-1)).toMatchObject({ label: "六、新增的一节" });
  });

  it("copies the deck with the note", async () => {
    const copy = await server.call<{ noteId: string }>("POST", `/note/${chineseNote}/copy`, { token: alice });
    const original = (await deck(chineseNote)).body.data.slides;
    const copied = (await deck(copy.body.data.noteId)).body.data.slides;
    expect(copied.map((s) => s.title)).toEqual(original.map((s) => s.title));
    expect(copied.map((s) => s.slideId)).not.toEqual(original.map((s) => s.slideId));
  });

  it("answers 404 for another user's note and 401 without a token", async () => {
    const slides = (await deck(englishNote)).body.data.slides;
    const edit = {
      slides: slides.map((s) => ({ slideId: s.slideId, title: "hacked", bullets: [], notes: "" })),
    };
    const calls: [string, string, unknown][] = [
      ["GET", `/note/${englishNote}/slides`, undefined],
      ["POST", `/note/${englishNote}/slides`, {}],
      ["PUT", `/note/${englishNote}/slides`, edit],
      ["GET", `/note/${englishNote}/slides/export?format=pptx`, undefined],
      ["GET", `/note/${englishNote}/slides/export?format=pdf`, undefined],
      ["GET", `/note/${englishNote}/mind-map`, undefined],
    ];
    for (const [method, p, body] of calls) {
      expect([p, (await server.call(method, p, { token: bob, body })).http]).toEqual([p, 404]);
      expect([p, (await server.call(method, p, { body })).http]).toEqual([p, 401]);
    }
    expect((await deck(englishNote)).body.data.slides).toEqual(slides);
  });
});
