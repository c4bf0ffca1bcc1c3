/** A run of plain text, or a formula to set with KaTeX. */
export type MathSegment = { text: string } | { tex: string; display: boolean };

/**
 * Splits short study text (a card, a question, a bullet) into text and `$…$` / `$$…$$` formulas, as the engine
 * writes them. Pandoc's rule keeps prices plain: an inline formula's `$` may not be followed by a space, its
 * closing `$` not preceded by a space nor followed by a digit ("$5 and $10" stays text). `\$` is a dollar.
 */
export function mathSegments(text: string): MathSegment[] {
  if (!text.includes("$")) return [{ text }];
  const segments: MathSegment[] = [];
  let plain = "";
  let i = 0;
  const flush = () => {
    if (plain) segments.push({ text: plain });
    plain = "";
  };
  while (i < text.length) {
    const char = text[i]!;
    if (char === "\\" && text[i + 1] === "$") {
      plain += "$";
      i += 2;
      continue;
    }
    if (char !== "$") {
      plain += char;
      i += 1;
      continue;
    }
    if (text[i + 1] === "$") {
      const end = text.indexOf("$$", i + 2);
      const tex = end > i + 2 ? text.slice(i + 2, end).trim() : "";
      if (tex) {
        flush();
        // a short formula inside a sentence ("good $$x$$ and good $$y$$") is set in the line at display size: a
        // block would break the sentence apart; a larger one keeps its block (it scrolls when too wide)
        segments.push(
          standsAlone(text, i, end + 2) || !shortFormula(tex)
            ? { tex, display: true }
            : { tex: `\\displaystyle{${tex}}`, display: false },
        );
        i = end + 2;
        continue;
      }
    } else if (text[i + 1] !== undefined && !/\s/.test(text[i + 1]!)) {
      const end = closingDollar(text, i + 1);
      if (end > 0) {
        flush();
        segments.push({ tex: text.slice(i + 1, end), display: false });
        i = end + 1;
        continue;
      }
    }
    plain += char;
    i += 1;
  }
  flush();
  return segments;
}

/** A formula that fits in a line of text: a symbol, a number, "p_x x + p_y y = I"; no big operator or array. */
const shortFormula = (tex: string) =>
  tex.length <= 40 && !/\\(?:sum|int|iint|oint|prod|lim|begin|over|atop)/u.test(tex);

/**
 * Whether a `$$…$$` formula is a line of its own (words of the sentence on neither side, a closing punctuation
 * mark aside): a display block. Inside a sentence ("If the MRS between good $$x$$ and good $$y$$ is $$2.5$$"),
 * as kramdown and MathJax notes write inline maths, it is set in the line.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = text.indexOf("\n", end);
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  return /^\s*$/u.test(before) && /^[\s.,;:!?。，；：！？]*$/u.test(after);
}

function closingDollar(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === "\\") {
      j += 1;
      continue;
    }
    if (text[j] === "\n" && text[j + 1] === "\n") return -1;
    if (text[j] !== "$") continue;
    if (/\s/.test(text[j - 1]!) || /\d/.test(text[j + 1] ?? "")) return -1;
    return j;
  }
  return -1;
}
