import type { OutputLanguage } from "@beannote/contract";
import { speakFormulas } from "../engine/formula-speech";

const PERCENT: Partial<Record<OutputLanguage, (n: string) => string>> = {
  "zh-CN": (n) => `百分之${n}`,
  "ja-JP": (n) => `${n}パーセント`,
  "ko-KR": (n) => `${n}퍼센트`,
};

/**
 * A line as a voice should read it: separators and brackets that a synthesiser would spell out become
 * pauses, a percentage is said in the language's own words (espeak reads "%" in English in CJK), and a
 * formula (`$x^2$`) in words of the language ("x squared"), never its LaTeX.
 */
export function speakableText(text: string, language: OutputLanguage): string {
  const percent = PERCENT[language];
  let out = speakFormulas(text, language)
    .replace(/\s*[·•|]\s*/g, ", ")
    .replace(/[*_`#~^<>{}[\]\\]+/g, " ")
    .replace(/…/g, "...");
  if (percent) out = out.replace(/(\d+(?:\.\d+)?)\s*[%％]/g, (_m, n: string) => percent(n));
  return out.replace(/\s+/g, " ").trim();
}
