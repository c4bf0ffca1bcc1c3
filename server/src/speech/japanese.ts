// The IPADIC tokenizer (about a second and 300 MB on the first Japanese line, kept after) is the NLP layer's:
// a Japanese podcast holds one copy of the dictionary, not a second beside the study tools'.
import { japaneseTokenizer } from "../engine/nlp";

const JAPANESE = /[\p{Script=Han}\p{Script=Hiragana}]/u;

/**
 * Japanese text with its kanji replaced by their katakana pronunciation (particles as spoken: は → ワ),
 * since espeak-ng's Japanese voice reads kana only and names each kanji in English.
 */
export async function japaneseReading(text: string): Promise<string> {
  if (!JAPANESE.test(text)) return text;
  const tokens = (await japaneseTokenizer()).tokenize(text);
  return tokens
    .map((t) => {
      const spoken = t.pronunciation && t.pronunciation !== "*" ? t.pronunciation : t.reading;
      return spoken && spoken !== "*" && /^[\p{Script=Katakana}ー]+$/u.test(spoken) ? spoken : t.surface_form;
    })
    .join("");
}
