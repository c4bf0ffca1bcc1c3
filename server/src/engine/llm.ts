import { ARTEFACT_GENERATORS } from "./artefact-generators";
import { llmMethods } from "./generator";
import type { DetailLevel, OutputLanguage } from "@beannote/contract";
import { z } from "zod";
import { labelsFor, languageName, type NoteLabels } from "./labels";
import { displayHeading, indexHeadings, sectionDepth } from "./offline";
import { prepareDocument, type PreparedBlock, type PreparedDocument, type PreparedSection } from "./prepare";
import { assembleNote, citationLine, headingLine, overviewBlock, sortPages, type PageRef } from "./render";
import { documentStats, extractSection } from "./summarize";
import { escapeMarkdown, estimateTokens } from "./text";
import { dollarMath, formulaKey, formulasOf, markdownFormulas, protectFormulas } from "./formula";
import { createModelClient, pool, UnusableAnswerError, type ModelSettings } from "./model-client";
import type { Engine, EngineDeps, GeneratedNote, NoteRequest, NoteSectionOut } from "./types";
import { ocrNotices } from "./ocr-notices";

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
        // a single block larger than the budget: cut it (rare: one enormous table or paragraph), never
        // inside a formula
        const formulas = protectFormulas(line);
        const keep = Math.floor((formulas.text.length * budget) / t / 1.2);
        line = formulas.restore(formulas.text.slice(0, keep));
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
    "Formulas are LaTeX between $…$ (in a line) or $$…$$ (on a line of their own). Copy each one you use exactly as it is, character for character, with its $ signs: do not rewrite, re-space, simplify, translate or reorder it, do not put it in `code`, and do not write new LaTeX. Put a $$…$$ formula on a line of its own. Write a dollar sign that is not a formula as \\$.",
    "Do not put headings or page references inside `markdown`.",
    "Every block of the input starts with a marker such as [p. 12]: the page it is on. In `pages`, list the page numbers whose text supports what you wrote for that section.",
    'Answer with JSON only: {"sections":[{"id":"<id of the input section>","heading":"<its heading, translated>","markdown":"<the notes>","pages":[12]}]}',
    "Give exactly one entry per input section, with the same ids, in the same order.",
  ].join("\n");
}

/**
 * Why a model's Markdown for a section does not keep the source's formulas, or null when it does: a formula
 * of the answer must be one of the source's, as written (re-spacing of runs of white space aside), or a short
 * piece of one (`$a_{n}$` out of a series); the LaTeX of the source must not stand outside `$…$`.
 */
export function formulaChange(source: string, answer: string): string | null {
  const known = formulasOf(source).map(formulaKey);
  if (known.length === 0) return null;
  const { formulas, prose } = markdownFormulas(dollarMath(answer));
  for (const f of formulas) {
    const key = formulaKey(f);
    if (known.includes(key)) continue;
    if (key.length <= 12 && known.some((k) => k.includes(key))) continue;
    return `changed formula ${f}`;
  }
  const commands = new Set(known.flatMap((k) => k.match(/\\[A-Za-z]{2,}/g) ?? []));
  const loose = (prose.match(/\\[A-Za-z]{2,}/g) ?? []).find((c) => commands.has(c));
  if (loose) return `LaTeX outside a formula (${loose})`;
  return null;
}

/** Removes what the engine adds itself (headings, page markers, citation links) from a model's Markdown. */
export function cleanModelMarkdown(md: string): string {
  return dollarMath(md)
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => line.replace(/^#{1,6}\s+(.*)$/, "**$1**"))
    .join("\n")
    .replace(/\[(?:p\.|pp\.|page)\s*\d+(?:\s*[-–,]\s*\d+)*\]\([^)]*\)/gi, "")
    .replace(/\s*\[(?:p\.|pp\.|page)\s*\d+(?:\s*[-–,]\s*\d+)*\]/gi, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The model-backed engine: any OpenAI-compatible endpoint through the AI SDK. */
export function createLlmEngine(config: ModelSettings, deps: EngineDeps = {}): Engine {
  const client = createModelClient(config, deps);
  const { inputBudget } = client;

  async function askChunk(chunk: Chunk, req: NoteRequest, titles: string[]): Promise<ChunkAnswer> {
    const ids = [...new Set(chunk.pieces.map((p) => p.id))];
    const prompt = [
      `Document: ${titles[chunk.pieces[0]!.source - 1]}`,
      "",
      ...chunk.pieces.map((p) => p.text),
    ].join("\n");
    const sourceOf = (id: string) =>
      chunk.pieces
        .filter((p) => p.id === id)
        .map((p) => p.text)
        .join("\n");
    // the last complete answer, less its sections that changed a formula: used once re-asking is spent
    let withoutChanged: ChunkAnswer | null = null;
    try {
      return await client.askJson(chunkAnswerSchema, {
        system: systemPrompt(req.outputLanguage, req.detailLevel),
        prompt,
        signal: req.signal,
        check: (output) => {
          const got = new Set(output.sections.map((s) => s.id));
          const missing = ids.filter((id) => !got.has(id));
          if (missing.length > 0)
            throw new UnusableAnswerError(`answer lacks sections ${missing.join(", ")}`);
          const changed = output.sections.filter((s) => formulaChange(sourceOf(s.id), s.markdown));
          if (changed.length > 0) {
            withoutChanged = { sections: output.sections.filter((s) => !changed.includes(s)) };
            throw new UnusableAnswerError(
              `answer changes formulas in sections ${changed.map((s) => s.id).join(", ")}`,
            );
          }
        },
      });
    } catch (e) {
      // a section whose formulas the model keeps changing falls back to extraction, the others are kept;
      // nothing is kept of a chunk the model keeps leaving incomplete
      if (e instanceof UnusableAnswerError) return withoutChanged ?? { sections: [] };
      throw e;
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
      client.concurrency,
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
        pageCount: d.flowing ? null : d.pageCount,
        sectionCount: d.sections.length,
        topHeadings: indexHeadings(d.sections).map(
          (k) => sections[position.get(`${si + 1}.${k + 1}`)!]!.heading,
        ),
      })),
      terms,
      labels,
    );
    const notices = ocrNotices(req.sources, labels);
    return {
      markdown: assembleNote(req.title, undefined, overview, sections, notices),
      sections,
      engine: "llm",
    };
  }

  // each artefact by its generator's LLM writer, on this engine's client
  return { name: "llm", generateNote, ...llmMethods(ARTEFACT_GENERATORS, client) };
}
