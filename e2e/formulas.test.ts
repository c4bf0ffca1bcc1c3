import { copyFile, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { NoteDetail, PodcastResponse, QuizDetail, SlideDeck } from "@beannote/contract";
import { mathDocx } from "../server/test/math-documents";
import {
  chooseMenuItem,
  newContext,
  openNoteTab,
  registerByApi,
  screenshot,
  SHOTS,
  startStack,
  until,
  uniqueEmail,
  type Stack,
} from "./harness";
import { createNoteByApi } from "./notes-helpers";

/**
 * Formulas in a real browser: a note made from a Word document with equations, a section heading with inline
 * maths, a card, a quiz, slides, the mind map and the podcast transcript. Every tab sets its formulas with
 * KaTeX and shows no LaTeX source (SCREENSHOTS=1 keeps a picture of each tab).
 */
let stack: Stack;
let token: string;
let noteId: string;

const HEADING_FORMULA = "\\iint_D 1\\,\\mathrm{d}\\sigma = S_D";
const SECTION = [
  "",
  `## Area of $D$: $${HEADING_FORMULA}$`,
  "",
  "The **double integral** $\\iint_D f(x,y)\\,\\mathrm{d}\\sigma$ of $f$ over $D$ is the volume under it, and the disc is $x^2 + y^2 \\leq r^2$.",
  "",
  "$$\\int_0^{2\\pi}\\int_0^r \\rho\\,\\mathrm{d}\\rho\\,\\mathrm{d}\\theta = \\pi r^2$$",
  "",
].join("\n");

beforeAll(async () => {
  stack = await startStack();
  token = await registerByApi(stack, uniqueEmail("formulas"), "Formulas12345");
  const file = path.join(
    await mkdtemp(path.join(tmpdir(), "beannote-formulas-")),
    "series-and-integrals.docx",
  );
  await writeFile(file, await mathDocx("en"));
  noteId = await createNoteByApi(stack, token, [file], "Series and integrals");
  const note = await stack.server.call<NoteDetail>("GET", `/note/${noteId}`, { token });
  await stack.server.call("PUT", `/note/${noteId}`, {
    token,
    body: { markdown: `${note.body.data.markdown.trimEnd()}\n${SECTION}` },
  });
  await stack.server.call("POST", `/note/${noteId}/flashcards`, {
    token,
    body: { front: "What is the area of $D$?", back: `$${HEADING_FORMULA}$` },
  });
  await stack.server.call("POST", `/note/${noteId}/slides`, { token, body: { maxSlides: 6 } });
  const deck = await until(
    async () => (await stack.server.call<SlideDeck>("GET", `/note/${noteId}/slides`, { token })).body.data,
    (d) => d.slides.length > 0,
    { timeout: 240_000, what: "the slides generated" },
  );
  await stack.server.call("PUT", `/note/${noteId}/slides`, {
    token,
    body: {
      slides: deck.slides.map((slide, i) =>
        i === 0
          ? {
              slideId: slide.slideId,
              title: `Area $${HEADING_FORMULA}$`,
              bullets: ["Disc: $x^2 + y^2 \\leq r^2$"],
              notes: "",
            }
          : { slideId: slide.slideId, title: slide.title, bullets: slide.bullets, notes: slide.notes },
      ),
    },
  });
  await stack.server.call("POST", `/note/${noteId}/podcast`, { token, body: { length: "short" } });
}, 300_000);
afterAll(async () => stack?.close());

async function signedIn(): Promise<Page> {
  const context = await newContext(stack, { locale: "en-US", language: "en-US", token, width: 1440 });
  return context.newPage();
}

/** What a reader sees in `area`: its text without KaTeX's hidden MathML copy of the LaTeX. */
const visibleText = (area: Locator) =>
  area.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll(".katex-mathml, annotation").forEach((hidden) => hidden.remove());
    return copy.textContent ?? "";
  });

const LATEX_SOURCE = /\$|\\(?:frac|iint|int|sum|mathrm|sigma|leq|sqrt|pi)\b/;

async function expectRendered(page: Page, area: Locator, name: string) {
  await area.locator(".katex").first().waitFor({ timeout: 30_000 });
  expect(await area.locator(".katex-error").count(), `${name}: a formula KaTeX could not read`).toBe(0);
  expect(await visibleText(area), `${name}: LaTeX source on screen`).not.toMatch(LATEX_SOURCE);
  await screenshot(page, `formulas-${name}`);
}

describe("formulas journey", () => {
  it("sets every formula with KaTeX on the note, cards, quiz, slides, mind map and podcast tabs", async () => {
    const page = await signedIn();

    await page.goto(`/subNote/pages/note?id=${noteId}&tab=note`);
    const note = page.getByTestId("note-content");
    await expectRendered(page, note, "note");
    await note.locator(".note-section__heading .katex").first().waitFor();
    expect(await note.locator(".katex-display").count()).toBeGreaterThanOrEqual(1); // the disc

    await page.goto(`/subNote/pages/note?id=${noteId}&tab=flashcards`);
    await expectRendered(page, page.getByTestId("flashcards-tab"), "flashcards");
    await page.keyboard.press("Space"); // turns the card
    await expectRendered(page, page.getByTestId("card-back"), "flashcard-back");

    await openNoteTab(page, "slides");
    await expectRendered(page, page.getByTestId("slide-viewer"), "slides");

    await openNoteTab(page, "mindMap");
    const map = page.getByTestId("mind-map-view");
    await map.locator("g.markmap-node").first().waitFor({ timeout: 30_000 });
    await expectRendered(page, map, "mind-map");
    // its SVG and PNG pictures carry the formula as MathML, drawn, not as LaTeX
    const pictures: Record<string, string> = {};
    for (const extension of ["svg", "png"]) {
      const download = page.waitForEvent("download");
      await chooseMenuItem(page, page.getByTestId("mind-map-export"), extension.toUpperCase());
      pictures[extension] = path.join(
        await mkdtemp(path.join(tmpdir(), "beannote-map-")),
        `map.${extension}`,
      );
      await (await download).saveAs(pictures[extension]);
      // a hover menu opens again while the pointer rests on it or its trigger: the pointer leaves, the menu closes
      await page.mouse.move(0, 0);
      await page.locator(".ant-dropdown-menu").waitFor({ state: "hidden" });
    }
    const svg = await readFile(pictures.svg!, "utf8");
    expect(svg).toContain("<math");
    expect(svg.replace(/<annotation[\s\S]*?<\/annotation>/g, "")).not.toMatch(/\$|\\iint/);
    expect((await readFile(pictures.png!)).subarray(1, 4).toString("latin1")).toBe("PNG");
    if (process.env.SCREENSHOTS)
      await copyFile(pictures.png!, path.join(SHOTS, "formulas-mind-map-export.png"));

    const made = await stack.server.call<{ quizId: string }>("POST", `/note/${noteId}/quiz`, {
      token,
      body: { types: ["choice", "short_answer"], count: 4 },
    });
    await until(
      async () =>
        (await stack.server.call<QuizDetail>("GET", `/quiz/${made.body.data.quizId}`, { token })).body.data,
      (quiz) => quiz.status !== "generating",
      { timeout: 240_000, what: "the quiz generated" },
    );
    await openNoteTab(page, "quiz");
    await page.locator(`[data-testid=quiz-history-item][data-quiz-id="${made.body.data.quizId}"]`).click();
    const runner = page.getByTestId("quiz-runner");
    await runner.waitFor();
    expect(await visibleText(runner), "quiz: LaTeX source on screen").not.toMatch(LATEX_SOURCE);
    await screenshot(page, "formulas-quiz");

    await until(
      async () =>
        (await stack.server.call<PodcastResponse>("GET", `/note/${noteId}/podcast`, { token })).body.data,
      (podcast) => ["done", "failed", "cancelled"].includes(podcast.generation?.status ?? ""),
      { timeout: 240_000, what: "the podcast finished" },
    );
    await openNoteTab(page, "podcast");
    const transcript = page.getByTestId("podcast-transcript");
    // the agenda names the section whose heading holds a formula
    await expectRendered(page, transcript, "podcast");
    await page.context().close();
  }, 300_000);
});
