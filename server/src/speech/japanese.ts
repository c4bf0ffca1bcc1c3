import { createRequire } from "node:module";
import path from "node:path";
import type { Tokenizer } from "kuromoji";

let tokenizer: Promise<Tokenizer> | undefined;

/** The IPADIC tokenizer, loaded on the first Japanese line (about a second and 250 MB, kept after). */
function loadTokenizer(): Promise<Tokenizer> {
  tokenizer ??= (async () => {
    const { default: kuromoji } = await import("kuromoji");
    const dicPath = path.join(
      path.dirname(createRequire(import.meta.url).resolve("kuromoji/package.json")),
      "dict",
    );
    return new Promise<Tokenizer>((resolve, reject) =>
      kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built))),
    );
  })();
  tokenizer.catch(() => (tokenizer = undefined));
  return tokenizer;
}

const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}]/u;

/**
 * Japanese text with its kanji replaced by their katakana pronunciation (particles as spoken: は → ワ),
 * since espeak-ng's Japanese voice reads kana only and names each kanji in English.
 */
export async function japaneseReading(text: string): Promise<string> {
  if (!JAPANESE.test(text)) return text;
  const tokens = (await loadTokenizer()).tokenize(text);
  return tokens
    .map((t) => {
      const spoken = t.pronunciation && t.pronunciation !== "*" ? t.pronunciation : t.reading;
      return spoken && spoken !== "*" && /^[\p{Script=Katakana}ー]+$/u.test(spoken) ? spoken : t.surface_form;
    })
    .join("");
}
