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
        segments.push({ tex, display: true });
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
