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
  /** "N pages · M sections" summary of one source; without pages for a flowing format (`pages` null). */
  extent(pages: number | null, sections: number): string;
  moreSections(n: number): string;
  moreRows(n: number): string;
  /** The one-line caveat when the body stays in the source language. */
  offlineLanguageNotice(sourceLanguage: string): string;
  /** OCR found nothing readable on these pages (`pages` like "3, 7–9") of file `file`. */
  ocrUnreadable(pages: string, file: string): string;
  /** Pages without a text layer left unread: past OCR_MAX_PAGES or the time limit. */
  ocrSkipped(pages: string, file: string): string;
  /** Pages without a text layer left unread: the server has no OCR. */
  ocrUnavailable(pages: string, file: string): string;
}

/** "N pages · M sections", or "M sections" when the page count is not stated. */
const withPages = (p: number | null, pages: (n: number) => string, sections: string): string =>
  p === null ? sections : `${pages(p)} · ${sections}`;

const en: NoteLabels = {
  overview: "Overview",
  sources: "Sources",
  keyTerms: "Key terms",
  colon: ":",
  introduction: "Introduction",
  page: (n) => `p. ${n}`,
  untitled: (p) => `Page ${p}`,
  slide: (n) => `Slide ${n}`,
  extent: (p, s) =>
    withPages(p, (n) => `${n} ${n === 1 ? "page" : "pages"}`, `${s} ${s === 1 ? "section" : "sections"}`),
  moreSections: (n) => `… and ${n} more`,
  moreRows: (n) => `… ${n} more ${n === 1 ? "row" : "rows"} in the source`,
  offlineLanguageNotice: (l) =>
    `Written by the offline engine: the body stays in the source language (${l}) until an AI model is configured.`,
  ocrUnreadable: (p, f) => `No readable text on p. ${p} of “${f}”.`,
  ocrSkipped: (p, f) => `Not recognised (the OCR page or time limit was reached): p. ${p} of “${f}”.`,
  ocrUnavailable: (p, f) => `Not read (no text layer, and this server has no OCR): p. ${p} of “${f}”.`,
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
  extent: (p, s) => withPages(p, (n) => `${n} 页`, `${s} 节`),
  moreSections: (n) => `……另有 ${n} 节`,
  moreRows: (n) => `……原文另有 ${n} 行`,
  offlineLanguageNotice: (l) => `本笔记由离线引擎生成：在配置 AI 模型之前，正文保持原文语言（${l}）。`,
  ocrUnreadable: (p, f) => `“${f}”第 ${p} 页没有可识别的文字。`,
  ocrSkipped: (p, f) => `“${f}”第 ${p} 页未识别（已达 OCR 页数或时间上限）。`,
  ocrUnavailable: (p, f) => `“${f}”第 ${p} 页没有文字层，且服务器没有 OCR，未能读取。`,
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
  extent: (p, s) => withPages(p, (n) => `${n} ページ`, `${s} セクション`),
  moreSections: (n) => `…ほか ${n} セクション`,
  moreRows: (n) => `…原文にはさらに ${n} 行`,
  offlineLanguageNotice: (l) =>
    `オフラインエンジンで作成：AI モデルが設定されるまで、本文は原文の言語（${l}）のままです。`,
  ocrUnreadable: (p, f) => `「${f}」の ${p} ページには読み取れる文字がありません。`,
  ocrSkipped: (p, f) => `「${f}」の ${p} ページは文字認識していません（OCR のページ数または時間の上限）。`,
  ocrUnavailable: (p, f) =>
    `「${f}」の ${p} ページはテキスト層がなく、サーバーに OCR がないため読めませんでした。`,
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
  extent: (p, s) => withPages(p, (n) => `${n}쪽`, `${s}개 섹션`),
  moreSections: (n) => `… 외 ${n}개`,
  moreRows: (n) => `… 원문에 ${n}개 행 더 있음`,
  offlineLanguageNotice: (l) =>
    `오프라인 엔진으로 작성됨: AI 모델을 설정하기 전까지 본문은 원문 언어(${l})로 유지됩니다.`,
  ocrUnreadable: (p, f) => `“${f}” ${p}쪽에는 읽을 수 있는 텍스트가 없습니다.`,
  ocrSkipped: (p, f) => `“${f}” ${p}쪽은 인식하지 않았습니다(OCR 쪽수 또는 시간 제한).`,
  ocrUnavailable: (p, f) => `“${f}” ${p}쪽은 텍스트 레이어가 없고 서버에 OCR이 없어 읽지 못했습니다.`,
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
  extent: (p, s) =>
    withPages(p, (n) => `${n} ${n === 1 ? "page" : "pages"}`, `${s} ${s === 1 ? "section" : "sections"}`),
  moreSections: (n) => `… et ${n} de plus`,
  moreRows: (n) => `… ${n} ${n === 1 ? "ligne" : "lignes"} de plus dans la source`,
  offlineLanguageNotice: (l) =>
    `Rédigé par le moteur hors ligne : le texte reste dans la langue de la source (${l}) tant qu’aucun modèle d’IA n’est configuré.`,
  ocrUnreadable: (p, f) => `Aucun texte lisible p. ${p} de « ${f} ».`,
  ocrSkipped: (p, f) => `Non reconnu (limite de pages ou de temps de l’OCR atteinte) : p. ${p} de « ${f} ».`,
  ocrUnavailable: (p, f) =>
    `Non lu (pas de couche de texte, et pas d’OCR sur ce serveur) : p. ${p} de « ${f} ».`,
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
  extent: (p, s) =>
    withPages(
      p,
      (n) => `${n} ${n === 1 ? "Seite" : "Seiten"}`,
      `${s} ${s === 1 ? "Abschnitt" : "Abschnitte"}`,
    ),
  moreSections: (n) => `… und ${n} weitere`,
  moreRows: (n) => `… ${n} weitere ${n === 1 ? "Zeile" : "Zeilen"} in der Quelle`,
  offlineLanguageNotice: (l) =>
    `Vom Offline-Modul erstellt: Der Text bleibt in der Sprache der Quelle (${l}), bis ein KI-Modell eingerichtet ist.`,
  ocrUnreadable: (p, f) => `Kein lesbarer Text auf S. ${p} von „${f}“.`,
  ocrSkipped: (p, f) => `Nicht erkannt (Seiten- oder Zeitgrenze der OCR erreicht): S. ${p} von „${f}“.`,
  ocrUnavailable: (p, f) =>
    `Nicht gelesen (keine Textebene und keine OCR auf diesem Server): S. ${p} von „${f}“.`,
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
  extent: (p, s) =>
    withPages(p, (n) => `${n} ${n === 1 ? "página" : "páginas"}`, `${s} ${s === 1 ? "seção" : "seções"}`),
  moreSections: (n) => `… e mais ${n}`,
  moreRows: (n) => `… mais ${n} ${n === 1 ? "linha" : "linhas"} na fonte`,
  offlineLanguageNotice: (l) =>
    `Escrito pelo mecanismo offline: o texto permanece no idioma da fonte (${l}) até que um modelo de IA seja configurado.`,
  ocrUnreadable: (p, f) => `Nenhum texto legível na p. ${p} de “${f}”.`,
  ocrSkipped: (p, f) => `Não reconhecido (limite de páginas ou de tempo do OCR atingido): p. ${p} de “${f}”.`,
  ocrUnavailable: (p, f) => `Não lido (sem camada de texto e sem OCR neste servidor): p. ${p} de “${f}”.`,
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
  extent: (p, s) =>
    withPages(
      p,
      (n) => `${n} ${n === 1 ? "página" : "páginas"}`,
      `${s} ${s === 1 ? "sección" : "secciones"}`,
    ),
  moreSections: (n) => `… y ${n} más`,
  moreRows: (n) => `… ${n} ${n === 1 ? "fila" : "filas"} más en la fuente`,
  offlineLanguageNotice: (l) =>
    `Redactado por el motor sin conexión: el texto se mantiene en el idioma de la fuente (${l}) hasta que se configure un modelo de IA.`,
  ocrUnreadable: (p, f) => `No hay texto legible en la p. ${p} de «${f}».`,
  ocrSkipped: (p, f) =>
    `No reconocido (se alcanzó el límite de páginas o de tiempo del OCR): p. ${p} de «${f}».`,
  ocrUnavailable: (p, f) => `No leído (sin capa de texto y sin OCR en este servidor): p. ${p} de «${f}».`,
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
