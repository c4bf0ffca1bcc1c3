import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../../test/ocr-pdfs";
import { isSofficeAvailable, renderPdfPreview } from "./office-preview";

const pagesOf = async (pdf: string | null) => (await PDFDocument.load(await readFile(pdf!))).getPageCount();

describe.skipIf(!isSofficeAvailable())("office previews (LibreOffice)", () => {
  let dir: string;
  let deck: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "beannote-preview-test-"));
    // the fixture's 4 slides, the second one hidden
    const zip = await JSZip.loadAsync(await readFile(fixture("en-sample-presentation-bullets.pptx")));
    const second = await zip.file("ppt/slides/slide2.xml")!.async("string");
    zip.file("ppt/slides/slide2.xml", second.replace(/<p:sld\b/, '<p:sld show="0"'));
    deck = path.join(dir, "deck.pptx");
    await writeFile(deck, await zip.generateAsync({ type: "nodebuffer" }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("renders a deck's hidden slides too when asked, so that page N of the preview is slide N of the citations", async () => {
    expect(await pagesOf(await renderPdfPreview(deck, await mkdtemp(path.join(dir, "shown-"))))).toBe(3);
    const all = await renderPdfPreview(deck, await mkdtemp(path.join(dir, "all-")), { allSlides: true });
    expect(await pagesOf(all)).toBe(4);
  }, 120_000);

  it("gives up at once when cancelled", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const rendering = renderPdfPreview(deck, dir, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await rendering).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 60_000);
});
