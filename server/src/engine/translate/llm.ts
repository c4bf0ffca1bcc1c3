import { z } from "zod";
import { labelsFor, languageName } from "../labels";
import { isMalformed, pool, type ModelClient } from "../model-client";
import { primaryLanguage } from "../text";
import type { TranslatedNote, TranslateRequest } from "../types";
import { noteParts, pieceChunks, pieceProblem, type NotePiece } from "./note-parts";
import { TranslateFailedError } from "./errors";

/** What the model returns for one request: each piece of the note it was given, translated. */
export const translationAnswerSchema = z.object({
  parts: z.array(z.object({ id: z.string(), markdown: z.string() })),
});

/** Requests per piece: the first, then two more for what came back unusable (a dropped citation, a lost heading). */
export const TRANSLATE_ATTEMPTS = 3;

function systemPrompt(req: TranslateRequest): string {
  // "Simplified Chinese", "Brazilian Portuguese", else the plain language name ("German")
  const code =
    req.targetLanguage === "zh-CN"
      ? "zh-Hans"
      : req.targetLanguage === "pt-BR"
        ? "pt-BR"
        : primaryLanguage(req.targetLanguage);
  const lang = `${languageName(code, "en")} (${req.targetLanguage})`;
  const page = labelsFor(req.targetLanguage).page(12);
  return [
    `You translate a student's study notes, written in Markdown, into ${lang}.`,
    "Translate all the text: headings, paragraphs, list items, table cells, quotes and labels. Do not summarise, add or leave out anything.",
    "Keep the Markdown exactly: the same headings with the same number of #, the same lists, the same table rows and columns, **bold**, > quotes and line breaks.",
    `Keep every link target exactly as written. Citation links look like [p. 12](#source=1&page=12): keep "(#source=1&page=12)" unchanged and write the link text as "${page}".`,
    "Keep formulas, numbers, code and symbols exactly as written. Formulas are LaTeX between $…$ or $$…$$: copy each one unchanged, character for character, with its $ signs.",
    'Answer with JSON only: {"parts":[{"id":"<id of the input part>","markdown":"<the part, translated>"}]}',
    "Give exactly one entry per input part, with the same ids, in the same order.",
  ].join("\n");
}

/** Citation link texts in the target language's words (`[第 12 页](#source=1&page=12)`), whatever the model wrote. */
export function relabelCitations(markdown: string, req: Pick<TranslateRequest, "targetLanguage">): string {
  const labels = labelsFor(req.targetLanguage);
  return markdown.replace(
    /\[[^\]\n]*\]\(#source=(\d+)&page=(\d+)\)/g,
    (_m, source: string, page: string) => `[${labels.page(Number(page))}](#source=${source}&page=${page})`,
  );
}

/**
 * Translates a note with the model: the note is cut at its headings, parts are sent in requests of a few
 * thousand tokens, run concurrently, and each answer is checked piece by piece; what fails the check (a
 * heading or citation lost, a piece left out) is asked again, alone, up to `TRANSLATE_ATTEMPTS` times.
 */
export async function llmTranslate(client: ModelClient, req: TranslateRequest): Promise<TranslatedNote> {
  // The answer is as long as the question (often longer: Chinese to English), and must fit the output.
  const budget = Math.max(300, Math.floor(Math.min(client.inputBudget, client.maxOutputTokens / 1.8)));
  const parts = noteParts(req.markdown, budget);
  const chunks = pieceChunks(parts, budget);
  const system = systemPrompt(req);
  const translated = new Map<string, string>();
  const partsLeft = parts.map((p) => p.pieces.length);
  const done: (string | undefined)[] = new Array(parts.length);
  let chunksDone = 0;

  const finishPiece = (piece: NotePiece, markdown: string): void => {
    translated.set(piece.id, relabelCitations(markdown.replace(/\s+$/, ""), req));
    if (--partsLeft[piece.part]! > 0) return;
    const part = parts[piece.part]!;
    const text = part.pieces.map((p) => translated.get(p.id)!).join("\n\n");
    done[part.index] = text;
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/m.exec(text)?.[1] ?? "";
    req.onPart?.({ heading, markdown: text }, part.index, parts.length);
  };

  const ask = async (pieces: NotePiece[]): Promise<Map<string, string>> => {
    const prompt = pieces.map((p) => `<part id="${p.id}">\n${p.markdown}\n</part>`).join("\n\n");
    try {
      const answer = await client.askJson(translationAnswerSchema, { system, prompt, signal: req.signal });
      return new Map(answer.parts.map((p) => [p.id.trim(), p.markdown]));
    } catch (e) {
      // malformed JSON even after the client's own retries: every piece counts as not translated
      if (isMalformed(e)) return new Map();
      throw e;
    }
  };

  await pool(
    chunks.map((chunk) => async () => {
      let pending = chunk;
      for (let attempt = 1; pending.length > 0; attempt++) {
        const answers = await ask(pending);
        const failed: NotePiece[] = [];
        for (const piece of pending) {
          const answer = answers.get(piece.id);
          if (pieceProblem(piece.markdown, answer) === null) finishPiece(piece, answer!);
          else failed.push(piece);
        }
        if (failed.length > 0 && attempt >= TRANSLATE_ATTEMPTS) {
          const why = failed.map((p) => `${p.id}: ${pieceProblem(p.markdown, answers.get(p.id))}`);
          throw new TranslateFailedError(
            `unusable translation after ${attempt} attempts (${why.join("; ")})`,
          );
        }
        pending = failed;
      }
      req.onProgress?.(++chunksDone, chunks.length);
    }),
    client.concurrency,
  );
  const markdown = `${done.filter((t) => t !== undefined).join("\n\n")}\n`;
  return { markdown, parts: parts.length };
}
