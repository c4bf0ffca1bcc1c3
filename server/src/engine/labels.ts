import type { OutputLanguage } from "@beannote/contract";

/** The engine's own words in a note, in each output language. */
export interface NoteLabels {
  overview: string;
  sources: string;
  keyTerms: string;
  /** Colon after a label (full-width in Chinese and Japanese). */
  colon: string;
  introduction: string;
  /** Citation link text for a page. */
  page(n: number): string;
  /** Heading for a section that had none in the source. */
  untitled(page: number): string;
  /** Heading for a slide without a title. */
  slide(n: number): string;
  /** "N pages · M sections" summary of one source. */
  extent(pages: number, sections: number): string;
  moreSections(n: number): string;
  moreRows(n: number): string;
  /** The one-line caveat when the body stays in the source language. */
  offlineLanguageNotice(sourceLanguage: string): string;
}

const en: NoteLabels = {
  overview: "Overview",
  sources: "Sources",
  keyTerms: "Key terms",
  colon: ":",
  introduction: "Introduction",
  page: (n) => `p. ${n}`,
  untitled: (p) => `Page ${p}`,
  slide: (n) => `Slide ${n}`,
  extent: (p, s) => `${p} ${p === 1 ? "page" : "pages"} · ${s} ${s === 1 ? "section" : "sections"}`,
  moreSections: (n) => `… and ${n} more`,
  moreRows: (n) => `… ${n} more ${n === 1 ? "row" : "rows"} in the source`,
  offlineLanguageNotice: (l) =>
    `Written by the offline engine: the body stays in the source language (${l}) until an AI model is configured.`,
};

const zh: NoteLabels = {
  overview: "概览",
  sources: "出处",
  keyTerms: "关键词",
  colon: "：",
  introduction: "引言",
  page: (n) => `第 ${n} 页`,
  untitled: (p) => `第 ${p} 页`,
  slide: (n) => `幻灯片 ${n}`,
  extent: (p, s) => `${p} 页 · ${s} 节`,
  moreSections: (n) => `……另有 ${n} 节`,
  moreRows: (n) => `……原文另有 ${n} 行`,
  offlineLanguageNotice: (l) => `本笔记由离线引擎生成：在配置 AI 模型之前，正文保持原文语言（${l}）。`,
};

const ja: NoteLabels = {
  overview: "概要",
  sources: "出典",
  keyTerms: "キーワード",
  colon: "：",
  introduction: "はじめに",
  page: (n) => `${n} ページ`,
  untitled: (p) => `${p} ページ`,
  slide: (n) => `スライド ${n}`,
  extent: (p, s) => `${p} ページ · ${s} セクション`,
  moreSections: (n) => `…ほか ${n} セクション`,
  moreRows: (n) => `…原文にはさらに ${n} 行`,
  offlineLanguageNotice: (l) =>
    `オフラインエンジンで作成：AI モデルが設定されるまで、本文は原文の言語（${l}）のままです。`,
};

const ko: NoteLabels = {
  overview: "개요",
  sources: "출처",
  keyTerms: "핵심 용어",
  colon: ":",
  introduction: "소개",
  page: (n) => `${n}쪽`,
  untitled: (p) => `${p}쪽`,
  slide: (n) => `슬라이드 ${n}`,
  extent: (p, s) => `${p}쪽 · ${s}개 섹션`,
  moreSections: (n) => `… 외 ${n}개`,
  moreRows: (n) => `… 원문에 ${n}개 행 더 있음`,
  offlineLanguageNotice: (l) =>
    `오프라인 엔진으로 작성됨: AI 모델을 설정하기 전까지 본문은 원문 언어(${l})로 유지됩니다.`,
};

const fr: NoteLabels = {
  overview: "Aperçu",
  sources: "Sources",
  keyTerms: "Termes clés",
  colon: " :",
  introduction: "Introduction",
  page: (n) => `p. ${n}`,
  untitled: (p) => `Page ${p}`,
  slide: (n) => `Diapositive ${n}`,
  extent: (p, s) => `${p} ${p === 1 ? "page" : "pages"} · ${s} ${s === 1 ? "section" : "sections"}`,
  moreSections: (n) => `… et ${n} de plus`,
  moreRows: (n) => `… ${n} ${n === 1 ? "ligne" : "lignes"} de plus dans la source`,
  offlineLanguageNotice: (l) =>
    `Rédigé par le moteur hors ligne : le texte reste dans la langue de la source (${l}) tant qu’aucun modèle d’IA n’est configuré.`,
};

const de: NoteLabels = {
  overview: "Überblick",
  sources: "Quellen",
  keyTerms: "Schlüsselbegriffe",
  colon: ":",
  introduction: "Einleitung",
  page: (n) => `S. ${n}`,
  untitled: (p) => `Seite ${p}`,
  slide: (n) => `Folie ${n}`,
  extent: (p, s) => `${p} ${p === 1 ? "Seite" : "Seiten"} · ${s} ${s === 1 ? "Abschnitt" : "Abschnitte"}`,
  moreSections: (n) => `… und ${n} weitere`,
  moreRows: (n) => `… ${n} weitere ${n === 1 ? "Zeile" : "Zeilen"} in der Quelle`,
  offlineLanguageNotice: (l) =>
    `Vom Offline-Modul erstellt: Der Text bleibt in der Sprache der Quelle (${l}), bis ein KI-Modell eingerichtet ist.`,
};

const pt: NoteLabels = {
  overview: "Visão geral",
  sources: "Fontes",
  keyTerms: "Termos-chave",
  colon: ":",
  introduction: "Introdução",
  page: (n) => `p. ${n}`,
  untitled: (p) => `Página ${p}`,
  slide: (n) => `Slide ${n}`,
  extent: (p, s) => `${p} ${p === 1 ? "página" : "páginas"} · ${s} ${s === 1 ? "seção" : "seções"}`,
  moreSections: (n) => `… e mais ${n}`,
  moreRows: (n) => `… mais ${n} ${n === 1 ? "linha" : "linhas"} na fonte`,
  offlineLanguageNotice: (l) =>
    `Escrito pelo mecanismo offline: o texto permanece no idioma da fonte (${l}) até que um modelo de IA seja configurado.`,
};

const es: NoteLabels = {
  overview: "Resumen",
  sources: "Fuentes",
  keyTerms: "Términos clave",
  colon: ":",
  introduction: "Introducción",
  page: (n) => `p. ${n}`,
  untitled: (p) => `Página ${p}`,
  slide: (n) => `Diapositiva ${n}`,
  extent: (p, s) => `${p} ${p === 1 ? "página" : "páginas"} · ${s} ${s === 1 ? "sección" : "secciones"}`,
  moreSections: (n) => `… y ${n} más`,
  moreRows: (n) => `… ${n} ${n === 1 ? "fila" : "filas"} más en la fuente`,
  offlineLanguageNotice: (l) =>
    `Redactado por el motor sin conexión: el texto se mantiene en el idioma de la fuente (${l}) hasta que se configure un modelo de IA.`,
};

const LABELS: Record<OutputLanguage, NoteLabels> = {
  "zh-CN": zh,
  "en-US": en,
  "ja-JP": ja,
  "ko-KR": ko,
  "fr-FR": fr,
  "de-DE": de,
  "pt-BR": pt,
  "es-ES": es,
};

/** Labels for an output language. */
export function labelsFor(language: OutputLanguage): NoteLabels {
  return LABELS[language];
}

/** The name of `code` (a BCP 47 tag such as "zh" or "en") written in `inLanguage`. */
export function languageName(code: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
