import path from "node:path";
import type { Page } from "playwright-core";
import { repoRoot, until, type Stack } from "./harness";

export const FIXTURES = path.resolve(repoRoot, "../shared/fixtures/documents");
export const PDF = path.join(FIXTURES, "en-paper-tracemonkey-trace-jit.pdf");
export const DOCX = path.join(FIXTURES, "en-moby-dick-headings-lists.docx");
const ZH_DOCX = path.join(FIXTURES, "zh-study-notes-point-set-topology.docx");

/** Picks files on /pages/new-note and waits until every one is parsed (ready) or failed. */
export async function pickFiles(page: Page, files: string[], timeout = 90_000): Promise<void> {
  const before = await page.locator(".upload-item").count();
  await page.getByTestId("file-input").setInputFiles(files);
  await page.waitForFunction(
    (expected) => {
      const items = [...document.querySelectorAll(".upload-item")];
      return (
        items.length === expected &&
        items.every((i) => ["ready", "failed"].includes(i.getAttribute("data-phase") ?? ""))
      );
    },
    before + files.length,
    { timeout },
  );
}

/** Creates a finished note through the API (upload, parse, generate, wait), for screens that need one. */
export async function createNoteByApi(
  stack: Stack,
  token: string,
  files: string[],
  title: string,
  outputLanguage = "en-US",
  waitForNote = true,
): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  const fileIds: string[] = [];
  for (const file of files) {
    const bytes = await readFile(file);
    const target = await stack.server.call<{
      fileId: string;
      uploadUrl: string;
      headers: Record<string, string>;
    }>("POST", "/file/upload-url", {
      token,
      body: { fileName: path.basename(file), size: bytes.length, contentType: "" },
    });
    if (target.body.status !== 200) throw new Error(`upload-url: ${JSON.stringify(target.body)}`);
    const { fileId, uploadUrl, headers } = target.body.data;
    const put = await fetch(new URL(uploadUrl, stack.server.url), {
      method: "PUT",
      headers: { ...headers, token, authorization: `Bearer ${token}` },
      body: bytes,
    });
    if (!put.ok) throw new Error(`PUT ${uploadUrl}: ${put.status} ${await put.text()}`);
    await until(
      () => stack.server.call<{ status: string }>("GET", `/file/${fileId}`, { token }),
      (info) => {
        if (info.body.data.status === "failed") throw new Error(`parse failed: ${JSON.stringify(info.body)}`);
        return info.body.data.status === "ready";
      },
      { timeout: 170_000, what: `${path.basename(file)} parsed` },
    );
    fileIds.push(fileId);
  }
  const started = await stack.server.call<{ noteId: string }>("POST", "/note/generate", {
    token,
    body: { title, outputLanguage, detailLevel: "detail", fileIds },
  });
  if (started.body.status !== 200) throw new Error(`generate: ${JSON.stringify(started.body)}`);
  const { noteId } = started.body.data;
  if (!waitForNote) return noteId;
  await until(
    () => stack.server.call<{ status: string }>("GET", `/note/${noteId}`, { token }),
    (note) => {
      if (!["ready", "generating"].includes(note.body.data.status))
        throw new Error(`note ${note.body.data.status}`);
      return note.body.data.status === "ready";
    },
    { timeout: 170_000, what: `note "${title}" ready` },
  );
  return noteId;
}

/** Page text (lower case) of the pdf.js text layer once the viewer has drawn `pageNumber`. */
export async function viewerPageText(page: Page, pageNumber: number): Promise<string> {
  const frame = page.locator(`[data-testid="pdf-page"][data-page="${pageNumber}"][data-state="ready"]`);
  // pdf.js draws a CJK page with its CMaps for many seconds on a loaded machine: wait for the page's state
  await frame.waitFor({ timeout: 120_000 });
  return ((await frame.getByTestId("pdf-text").textContent()) ?? "").toLowerCase();
}

/** The number in the viewer's page box. */
export async function viewerPageInput(page: Page): Promise<string> {
  return page
    .getByTestId("viewer-page")
    .first()
    .evaluate((el) => (el instanceof HTMLInputElement ? el : el.querySelector("input"))?.value ?? "");
}

/** Distinct words of at least six letters. */
export const longWords = (text: string) => [
  ...new Set((text.toLowerCase().match(/\p{L}{6,}/gu) ?? []).filter((w) => !["source"].includes(w))),
];

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The Chinese note the study-tool journeys look at beside an English one (zh-CN, from a DOCX). */
export const createChineseNoteByApi = (stack: Stack, token: string): Promise<string> =>
  createNoteByApi(stack, token, [ZH_DOCX], "点集拓扑笔记", "zh-CN");
