/**
 * The language a text is written in, read from its prose: formulas say nothing of it ("$f(z)$在$z_0$解析" is
 * Chinese, though most of its letters are Latin). Shared by the flashcards, the quiz and the grader.
 */
import { textLanguage } from "./nlp";
import type { NoteMaterial } from "./note-material";
import { sectionSentences } from "./note-material";

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A text without its formulas: `$…$` and `$$…$$` spans and what a sentence cut inside a formula leaves of one
 * (LaTeX commands); in a text written in CJK characters, its one- or two-letter Latin words too (variables: "在
 * z0 解析"). In a Latin-script text those are words ("a", "is", "de", "la"), which tell its language.
 */
export const proseOnly = (text: string) => {
  const prose = text.replace(/\$\$?[^$]*\$\$?/gu, " ").replace(/\\[a-zA-Z]+|[{}^_\\]/gu, " ");
  return CJK.test(prose) ? prose.replace(/(?<!\p{L})\p{Script=Latin}{1,2}(?!\p{L})/gu, " ") : prose;
};

/** The language of texts' prose (`hint`, a language tag, as `textLanguage` takes it). */
export function proseLanguage(texts: string[], hint?: string): string {
  return textLanguage(texts.map(proseOnly).join(" "), hint);
}

/** The language of a note's body: its first sections' first sentences, formulas set aside. */
export function materialLanguage(material: NoteMaterial): string {
  return proseLanguage(
    material.sections.slice(0, 40).flatMap((s) =>
      sectionSentences(s)
        .slice(0, 10)
        .map((x) => x.text),
    ),
    material.bodyLanguage,
  );
}
