import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { DetailLevel, OutputLanguage } from "@beannote/contract";
import { APICallError, generateText, Output, type LanguageModel } from "ai";
import { z } from "zod";
import { labelsFor, languageName, type NoteLabels } from "./labels";
import { displayHeading, indexHeadings, sectionDepth } from "./offline";
import { prepareDocument, type PreparedBlock, type PreparedDocument, type PreparedSection } from "./prepare";
import { assembleNote, citationLine, headingLine, overviewBlock, sortPages, type PageRef } from "./render";
import { documentStats, extractSection } from "./summarize";
import { escapeMarkdown, estimateTokens } from "./text";
import type { Engine, EngineConfig, EngineDeps, GeneratedNote, NoteRequest, NoteSectionOut } from "./types";

/** What the model returns for one chunk. */
export const chunkAnswerSchema = z.object({
  sections: z.array(
    z.object({
      id: z.string(),
      heading: z.string(),
      markdown: z.string(),
      pages: z.array(z.coerce.number()),
    }),
  ),
});
export type ChunkAnswer = z.infer<typeof chunkAnswerSchema>;

/** A source section (or a part of a big one) as sent to the model. */
interface SectionPiece {
  id: string;
  source: number;
  sectionIndex: number;
  text: string;
  pages: number[];
}

/** A group of pieces sent in one request. */
interface Chunk {
  pieces: SectionPiece[];
  tokens: number;
}

const MALFORMED_RETRIES = 2;
const API_RETRIES = 4;

function blockPrompt(b: PreparedBlock): string {
  if (b.type === "list") return b.items.map((i) => `- ${i}`).join("\n");
  if (b.type === "table") return b.rows.map((r) => `| ${r.join(" | ")} |`).join("\n");
  return b.type === "quote" ? `> ${b.text}` : b.text;
}

/** Splits each source section into pieces that fit `budget` tokens; the page of every block is marked. */
export function sectionPieces(
  doc: PreparedDocument,
  source: number,
  budget: number,
  labels: NoteLabels,
): SectionPiece[] {
  const out: SectionPiece[] = [];
  doc.sections.forEach((s, i) => {
    const id = `${source}.${i + 1}`;
    const head = `<section id="${id}" level="${s.level}">\nHeading: ${displayHeading(s, i, labels)}\n`;
    const tail = "</section>";
    let body: string[] = [];
    let pages: number[] = [];
    let tokens = estimateTokens(head + tail);
    const flush = (force: boolean): void => {
      if (!force && body.length === 0) return;
      out.push({
        id,
        source,
        sectionIndex: i,
        text: head + body.join("\n") + "\n" + tail,
        pages: [...new Set(pages)],
      });
      body = [];
      pages = [];
      tokens = estimateTokens(head + tail);
    };
    for (const b of s.blocks) {
      let line = `[p. ${b.page}] ${blockPrompt(b)}`;
      let t = estimateTokens(line);
      if (t > budget) {
        // a single block larger than the budget: cut it (rare: one enormous table or paragraph)
        line = line.slice(0, Math.floor((line.length * budget) / t / 1.2));
        t = estimateTokens(line);
      }
      if (body.length > 0 && tokens + t > budget) flush(false);
      body.push(line);
      pages.push(b.page);
      tokens += t;
    }
    flush(s.blocks.length === 0);
  });
  return out;
}

/** Groups pieces, in order, into chunks of at most `budget` tokens. */
export function chunkPieces(pieces: SectionPiece[], budget: number): Chunk[] {
  const chunks: Chunk[] = [];
  let cur: Chunk = { pieces: [], tokens: 0 };
  for (const p of pieces) {
    const t = estimateTokens(p.text);
    if (cur.pieces.length > 0 && (cur.tokens + t > budget || cur.pieces[0]!.source !== p.source)) {
      chunks.push(cur);
      cur = { pieces: [], tokens: 0 };
    }
    cur.pieces.push(p);
    cur.tokens += t;
  }
  if (cur.pieces.length) chunks.push(cur);
  return chunks;
}

function systemPrompt(language: OutputLanguage, level: DetailLevel): string {
  const lang = `${languageName(language, "en")} (${language})`;
  const depth =
    level === "simple"
      ? "Keep only the few key points a student would highlight: 2 to 5 short bullet points per section."
      : "Keep the explanations, examples, numbers and formulas: thorough bullet points and short paragraphs.";
  return [
    "You write study notes for students from course material.",
    `Write everything (headings and body) in ${lang}.`,
    depth,
    "Use only facts from the given text. Bold key terms with **. Quote definitions as Markdown blockquotes (> ...).",
    "Keep tables as GitHub-flavoured Markdown tables and lists as lists. Keep formulas and numbers exactly as written.",
    "Do not put headings or page references inside `markdown`.",
    "Every block of the input starts with a marker such as [p. 12]: the page it is on. In `pages`, list the page numbers whose text supports what you wrote for that section.",
    'Answer with JSON only: {"sections":[{"id":"<id of the input section>","heading":"<its heading, translated>","markdown":"<the notes>","pages":[12]}]}',
    "Give exactly one entry per input section, with the same ids, in the same order.",
  ].join("\n");
}

/** Removes what the engine adds itself (headings, page markers, citation links) from a model's Markdown. */
export function cleanModelMarkdown(md: string): string {
  return md
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => line.replace(/^#{1,6}\s+(.*)$/, "**$1**"))
    .join("\n")
    .replace(/\[(?:p\.|pp\.|page)\s*\d+(?:\s*[-–,]\s*\d+)*\]\([^)]*\)/gi, "")
    .replace(/\s*\[(?:p\.|pp\.|page)\s*\d+(?:\s*[-–,]\s*\d+)*\]/gi, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

class MissingSectionsError extends Error {
  constructor(readonly missing: string[]) {
    super(`model answer lacks sections ${missing.join(", ")}`);
  }
}

function isMalformed(e: unknown): boolean {
  if (e instanceof MissingSectionsError) return true;
  const name = (e as { name?: string } | null)?.name ?? "";
  return [
    "AI_NoObjectGeneratedError",
    "AI_JSONParseError",
    "AI_TypeValidationError",
    "AI_NoContentGeneratedError",
  ].includes(name);
}

function retryAfterMs(e: APICallError): number | undefined {
  const h = e.responseHeaders ?? {};
  const ms = h["retry-after-ms"];
  if (ms && Number.isFinite(Number(ms))) return Number(ms);
  const ra = h["retry-after"];
  if (!ra) return undefined;
  if (Number.isFinite(Number(ra))) return Number(ra) * 1000;
  const at = Date.parse(ra);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Runs `tasks` with at most `limit` at once; results keep the tasks' order. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}

interface LlmSettings extends EngineConfig {
  aiBaseUrl: string;
  aiApiKey: string;
  aiModel: string;
}

/** The model-backed engine: any OpenAI-compatible endpoint through the AI SDK. */
export function createLlmEngine(config: LlmSettings, deps: EngineDeps = {}): Engine {
  // We ask for JSON mode on purpose (DeepSeek and others lack JSON-schema mode); the SDK would warn on every call.
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  const provider = createOpenAICompatible({
    name: "beannote-llm",
    baseURL: config.aiBaseUrl,
    apiKey: config.aiApiKey,
    fetch: deps.fetch,
  });
  const model: LanguageModel = provider.chatModel(config.aiModel);
  const baseMs = deps.retryBaseMs ?? 1000;
  const maxMs = deps.retryMaxMs ?? 30_000;
  const contextTokens = Math.max(2048, config.aiContextTokens);
  const inputBudget = Math.floor(contextTokens * 0.55) - 600; // the rest is left for the answer
  const maxOutputTokens = Math.min(8192, Math.floor(contextTokens * 0.4));

  async function askChunk(chunk: Chunk, req: NoteRequest, titles: string[]): Promise<ChunkAnswer> {
    const ids = [...new Set(chunk.pieces.map((p) => p.id))];
    const prompt = [
      `Document: ${titles[chunk.pieces[0]!.source - 1]}`,
      "",
      ...chunk.pieces.map((p) => p.text),
    ].join("\n");
    let malformed = 0;
    let apiErrors = 0;
    for (;;) {
      try {
        const { output } = await generateText({
          model,
          system: systemPrompt(req.outputLanguage, req.detailLevel),
          prompt,
          output: Output.object({ schema: chunkAnswerSchema }),
          maxRetries: 0,
          temperature: 0.2,
          maxOutputTokens,
          abortSignal: req.signal,
        });
        const got = new Set(output.sections.map((s) => s.id));
        const missing = ids.filter((id) => !got.has(id));
        if (missing.length > 0) throw new MissingSectionsError(missing);
        return output;
      } catch (e) {
        if (req.signal?.aborted) throw req.signal.reason ?? e;
        if (isMalformed(e)) {
          if (malformed++ < MALFORMED_RETRIES) continue;
          if (e instanceof MissingSectionsError) {
            // keep what the model did write; the missing sections fall back to extraction
            return { sections: [] };
          }
          throw e;
        }
        if (
          APICallError.isInstance(e) &&
          (e.statusCode === 429 || (e.statusCode ?? 0) >= 500 || e.isRetryable)
        ) {
          if (apiErrors >= API_RETRIES) throw e;
          const backoff = Math.min(maxMs, baseMs * 2 ** apiErrors) * (0.75 + Math.random() * 0.5);
          const wait = Math.min(maxMs, retryAfterMs(e) ?? backoff);
          apiErrors++;
          await sleep(wait, req.signal);
          continue;
        }
        throw e;
      }
    }
  }

  async function generateNote(
    req: NoteRequest,
    onSection?: (s: NoteSectionOut, index: number, total: number) => void,
  ): Promise<GeneratedNote> {
    const labels = labelsFor(req.outputLanguage);
    const multi = req.sources.length > 1;
    const prepared = req.sources.map((s) => prepareDocument(s.doc));
    const titles = req.sources.map((s) => s.doc.title?.trim() || s.fileName);
    const pieces = prepared.flatMap((d, i) => sectionPieces(d, i + 1, inputBudget, labels));
    const chunks = chunkPieces(pieces, inputBudget);

    // final order: every section of every source
    const order: { source: number; index: number; section: PreparedSection; doc: PreparedDocument }[] = [];
    prepared.forEach((doc, si) =>
      doc.sections.forEach((section, index) => order.push({ source: si + 1, index, section, doc })),
    );
    const position = new Map(order.map((o, i) => [`${o.source}.${o.index + 1}`, i]));
    const total = order.length;
    const answers = new Map<string, { heading: string; markdown: string[]; pages: number[] }>();
    const piecesLeft = new Map<string, number>();
    for (const p of pieces) piecesLeft.set(p.id, (piecesLeft.get(p.id) ?? 0) + 1);
    const done = new Array<NoteSectionOut | undefined>(total);

    const finish = (id: string): void => {
      const i = position.get(id)!;
      const o = order[i]!;
      const a = answers.get(id);
      const validPages = new Set(pieces.filter((p) => p.id === id).flatMap((p) => p.pages));
      let heading = a?.heading.trim() || displayHeading(o.section, o.index, labels);
      let body = (a?.markdown ?? []).map(cleanModelMarkdown).filter(Boolean).join("\n\n");
      let pages: PageRef[] = [...new Set(a?.pages ?? [])]
        .filter(
          (p) => Number.isInteger(p) && validPages.has(p) && p >= 1 && p <= Math.max(o.doc.pageCount, 1),
        )
        .map((page) => ({ source: o.source, page }));
      if (!body && o.section.blocks.length > 0) {
        // the model never covered this section: extract it rather than drop it
        const ex = extractSection(
          o.section,
          o.doc.language,
          documentStats(o.doc, o.doc.language, []),
          req.detailLevel,
        );
        body = ex.kept.map((k) => escapeMarkdown(ex.units[k]!.text)).join(" ");
        pages = ex.kept.map((k) => ({ source: o.source, page: ex.units[k]!.page }));
        heading = displayHeading(o.section, o.index, labels);
      }
      if (pages.length === 0 && body) pages = [...validPages].map((page) => ({ source: o.source, page }));
      const lines: string[] = [];
      if (multi && o.index === 0) lines.push(headingLine(2, req.sources[o.source - 1]!.fileName));
      lines.push(headingLine(sectionDepth(o.section.level, multi), heading));
      if (body) lines.push(body);
      const cite = body ? citationLine(pages, labels) : "";
      if (cite) lines.push(cite);
      const out: NoteSectionOut = { heading, markdown: lines.join("\n\n"), pages: sortPages(pages) };
      done[i] = out;
      onSection?.(out, i, total);
    };

    await pool(
      chunks.map((chunk) => async () => {
        const answer = await askChunk(chunk, req, titles);
        const chunkIds = [...new Set(chunk.pieces.map((p) => p.id))];
        for (const s of answer.sections) {
          if (!chunkIds.includes(s.id)) continue;
          const a = answers.get(s.id) ?? { heading: s.heading, markdown: [], pages: [] };
          a.markdown.push(s.markdown);
          a.pages.push(...s.pages);
          answers.set(s.id, a);
        }
        for (const id of chunkIds) {
          const left = (piecesLeft.get(id) ?? 1) - 1;
          piecesLeft.set(id, left);
          if (left === 0) finish(id);
        }
      }),
      config.aiConcurrency || 2,
    );
    // sections with no piece at all (cannot happen: every section yields one) are finished here
    order.forEach((o, i) => {
      if (!done[i]) finish(`${o.source}.${o.index + 1}`);
    });

    const sections = done as NoteSectionOut[];
    const terms = [
      ...new Set(
        sections.flatMap((s) => [...s.markdown.matchAll(/\*\*([^*\n]{2,40})\*\*/g)].map((m) => m[1]!)),
      ),
    ].slice(0, 10);
    const overview = overviewBlock(
      prepared.map((d, si) => ({
        title: multi ? req.sources[si]!.fileName : titles[si]!,
        pageCount: d.pageCount,
        sectionCount: d.sections.length,
        topHeadings: indexHeadings(d.sections).map(
          (k) => sections[position.get(`${si + 1}.${k + 1}`)!]!.heading,
        ),
      })),
      terms,
      labels,
    );
    return { markdown: assembleNote(req.title, undefined, overview, sections), sections, engine: "llm" };
  }

  return { name: "llm", generateNote };
}
