import type { OutputLanguage } from "@beannote/contract";
import { labelsFor } from "../../engine/labels";
import { keyTerms, textLanguage } from "../../engine/nlp";

/** The offline answer's own words in each output language. */
export interface AskLabels {
  notFound: string;
  nearest: string;
  /** A suggested question about a key term. */
  whatIs(term: string): string;
}

const LABELS: Record<OutputLanguage, AskLabels> = {
  "zh-CN": { notFound: "文档中没有说明这一点。", nearest: "最接近的章节：", whatIs: (t) => `什么是${t}？` },
  "en-US": {
    notFound: "The document does not say.",
    nearest: "Nearest sections:",
    whatIs: (t) => `What is ${t}?`,
  },
  "ja-JP": {
    notFound: "資料にはその記述がありません。",
    nearest: "最も近い節：",
    whatIs: (t) => `${t}とは何ですか？`,
  },
  "ko-KR": {
    notFound: "문서에 그 내용이 없습니다.",
    nearest: "가장 가까운 절:",
    whatIs: (t) => `${t}이란 무엇인가요?`,
  },
  "fr-FR": {
    notFound: "Le document ne le dit pas.",
    nearest: "Sections les plus proches :",
    whatIs: (t) => `Qu’est-ce que ${t} ?`,
  },
  "de-DE": {
    notFound: "Das Dokument sagt dazu nichts.",
    nearest: "Nächstliegende Abschnitte:",
    whatIs: (t) => `Was ist ${t}?`,
  },
  "pt-BR": {
    notFound: "O documento não diz isso.",
    nearest: "Seções mais próximas:",
    whatIs: (t) => `O que é ${t}?`,
  },
  "es-ES": {
    notFound: "El documento no lo dice.",
    nearest: "Secciones más cercanas:",
    whatIs: (t) => `¿Qué es ${t}?`,
  },
};

export const askLabelsFor = (language: OutputLanguage): AskLabels => LABELS[language] ?? LABELS["en-US"];

const SUGGESTIONS = 4;

const noteLabels = (language: OutputLanguage) => {
  const labels = labelsFor(language);
  return new Set(
    [labels.overview, labels.sources, labels.keyTerms, labels.introduction].map((l) => l.toLowerCase()),
  );
};

/**
 * Questions to start with, about the note's key terms (the NLP layer's ranking, the terms the note sets in
 * bold first); the note's section headings when it has too few.
 */
export function suggestedQuestions(markdown: string, language: OutputLanguage): string[] {
  const text = markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
  const emphasized = [...text.matchAll(/\*\*([^*\n]{2,40})\*\*/g)].map((m) =>
    m[1]!.trim().replace(/[:：.。,，]$/u, ""),
  );
  const sections = text.split(/^#{1,6}\s.*$/m).filter((part) => part.trim());
  const lang = textLanguage(text.slice(0, 4000), language);
  // The note's own headings ("Overview", "Key terms", …) are the engine's words, not the material's.
  const own = noteLabels(language);
  const usable = (term: string) => term.length >= 2 && term.length <= 40 && !own.has(term.toLowerCase());
  let terms = keyTerms(sections.length ? sections : [text], lang, { emphasized, limit: SUGGESTIONS * 2 })
    .map((t) => t.term)
    .filter(usable);
  if (terms.length < SUGGESTIONS) {
    const headings = [...text.matchAll(/^#{2,3}\s+(.+)$/gm)]
      .map((m) => m[1]!.replace(/^[\p{N}一二三四五六七八九十]+(?:[.．、)]\p{N}*)*\s*/u, "").trim())
      .filter(usable);
    terms = [...terms, ...headings];
  }
  const labels = askLabelsFor(language);
  return [...new Set(terms)].slice(0, SUGGESTIONS).map((term) => labels.whatIs(term));
}
