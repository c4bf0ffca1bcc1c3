/**
 * Deck generation and .pptx build time (`npm run bench:slides`): the offline engine on the note of the
 * 400-page fixture (and a Chinese one), from the note's Markdown and parsed source — what the generation
 * job and the export route do — at the default length and at the maximum (60). Target: under 3 s together.
 * Also times the mind map's derivation from the same note.
 */
import type { Slide } from "@beannote/contract";
import { buildMindMap, createOfflineEngine, defaultSlideCount, noteMaterial } from "../../server/src/engine";
import { studyNotes } from "../study-notes";
import { buildSlidesPptx } from "../../server/src/modules/slides/slides-pptx";

const engine = createOfflineEngine();
const ms = (from: number) => performance.now() - from;

for await (const { file, outputLanguage, doc, markdown } of studyNotes()) {
  const label = `${file} (${doc.pageCount} pages, note ${(markdown.length / 1024).toFixed(0)} KiB)`;
  for (const length of ["default", 60] as const) {
    const runs: { deck: number; pptx: number; total: number; slides: number; bytes: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const material = noteMaterial({
        title: doc.title,
        markdown: markdown,
        outputLanguage,
        sources: [doc],
      });
      const maxSlides = length === "default" ? defaultSlideCount(material) : length;
      const drafts = await engine.slides({ material, maxSlides });
      const slides: Slide[] = drafts.map((d, i) => ({
        slideId: String(i),
        kind: d.kind,
        title: d.title,
        bullets: d.bullets,
        notes: d.notes,
        table: d.table,
        citation: d.sectionIndex === null ? null : material.cite(d.sectionIndex, d.quote),
      }));
      const deck = ms(started);
      const pptxStarted = performance.now();
      const pptx = await buildSlidesPptx({
        title: doc.title || file,
        outputLanguage,
        slides,
        sourceNames: [file],
      });
      runs.push({
        deck,
        pptx: ms(pptxStarted),
        total: ms(started),
        slides: slides.length,
        bytes: pptx.length,
      });
    }
    const best = runs.reduce((a, b) => (b.total < a.total ? b : a));
    console.log(
      `${label}, length ${length}: ${best.slides} slides, .pptx ${(best.bytes / 1024).toFixed(0)} KiB; ` +
        `deck ${best.deck.toFixed(0)} ms + .pptx ${best.pptx.toFixed(0)} ms = ${best.total.toFixed(0)} ms best ` +
        `(first run ${runs[0]!.total.toFixed(0)} ms) — target < 3000 ms`,
    );
  }
  const started = performance.now();
  const material = noteMaterial({
    title: doc.title,
    markdown: markdown,
    outputLanguage,
    sources: [doc],
  });
  const map = buildMindMap(material, "bench");
  console.log(`${label}: mind map ${map.nodeCount} nodes derived in ${ms(started).toFixed(0)} ms`);
}
