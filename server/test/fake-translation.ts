import type { FakeCall, FakeStep } from "./fake-openai";

/** The parts of a translation prompt (`<part id="P3">…</part>`), in order. */
export function promptParts(prompt: string): { id: string; markdown: string }[] {
  return [...prompt.matchAll(/<part id="([^"]+)">\n([\s\S]*?)\n<\/part>/g)].map((m) => ({
    id: m[1]!,
    markdown: m[2]!,
  }));
}

/**
 * A stand-in for a model's translation: every line's text gets a `[tag]` mark, Markdown syntax and link
 * targets stay as they are, table separator rows too. Enough to see that text was "translated" and the
 * structure kept.
 */
export function fakeTranslate(markdown: string, tag: string): string {
  let code = false;
  return markdown
    .split("\n")
    .map((line) => {
      const trimmed = line.trim();
      if (/^(`{3,}|~{3,})/.test(trimmed)) {
        code = !code;
        return line;
      }
      if (code || !trimmed || /^\|?\s*:?-{3,}/.test(trimmed)) return line;
      if (trimmed.startsWith("|"))
        return line
          .split("|")
          .map((cell) => (cell.trim() ? ` [${tag}] ${cell.trim()} ` : cell))
          .join("|");
      return line.replace(
        /^(\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)*)(.*)$/,
        (whole, prefix: string, rest: string) => (rest.trim() ? `${prefix}[${tag}] ${rest}` : whole),
      );
    })
    .join("\n");
}

/** A fake-model script answering translation prompts; `spoil` may change a part's answer (e.g. drop a citation). */
export function translationScript(
  tag: string,
  spoil?: (part: { id: string; markdown: string }, call: FakeCall, n: number) => string | undefined,
): (call: FakeCall, n: number) => FakeStep {
  return (call, n) => ({
    json: {
      parts: promptParts(call.prompt).map((part) => ({
        id: part.id,
        markdown: spoil?.(part, call, n) ?? fakeTranslate(part.markdown, tag),
      })),
    },
  });
}
