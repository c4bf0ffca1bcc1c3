import type { DetailLevel, OutputLanguage, PodcastLength, SourceDocument } from "@beannote/contract";
import type { CardDraft } from "./flashcards/card-rules";
import type { PodcastScript } from "./podcast/script";
import type { SlideDraft } from "./slides/slide-rules";
import type { NoteMaterial } from "./note-material";
import type { GradeOutcome, GradeRequest, QuestionDraft, QuizPlan } from "./quiz/question";

/** What an engine needs to write one note from one or more parsed files. */
export interface NoteRequest {
  sources: { doc: SourceDocument; fileName: string }[];
  title: string;
  outputLanguage: OutputLanguage;
  detailLevel: DetailLevel;
  signal?: AbortSignal;
}

/** One section of a note: its Markdown (heading line included) and the pages it cites. */
export interface NoteSectionOut {
  heading: string;
  markdown: string;
  /** `source` is the 1-based index of the note's files. */
  pages: { source: number; page: number }[];
}

/** A finished note. `notice` is the one-line caveat shown at the top, if any. */
export interface GeneratedNote {
  markdown: string;
  sections: NoteSectionOut[];
  engine: "offline" | "llm";
  notice?: string;
}

/** What every study artefact is asked with: the note's material, and the caller's abort and progress. */
export interface ArtefactRequest {
  material: NoteMaterial;
  signal?: AbortSignal;
  /** Called as parts of the work finish (e.g. each model request). */
  onProgress?: (done: number, total: number) => void;
}

export interface FlashcardsRequest extends ArtefactRequest {
  count: number;
  /** Fronts already in the deck (as `frontKey`s), never written again. */
  exclude?: Set<string>;
}

export interface SlidesRequest extends ArtefactRequest {
  /** The deck's length at most, its title, agenda and summary slides included. */
  maxSlides: number;
}

export interface QuizRequest extends ArtefactRequest, QuizPlan {}

/** A note to translate: its Markdown, kept in structure and citations, written in `targetLanguage`. */
export interface TranslateRequest {
  markdown: string;
  targetLanguage: OutputLanguage;
  signal?: AbortSignal;
  /** Called as each part of the note (a heading and its text) is translated, in any order. */
  onPart?: (part: { heading: string; markdown: string }, index: number, total: number) => void;
  /** Called as requests finish. */
  onProgress?: (done: number, total: number) => void;
}

/** A translated note: its Markdown, and how many parts (headings) it was cut into. */
export interface TranslatedNote {
  markdown: string;
  parts: number;
}

/**
 * Turns parsed documents into a study note (`onSection` fires as each section is finished), and a note
 * into its study artefacts. Every artefact item names the note section it came from; the caller turns
 * that into a citation, so no engine ever types a page number.
 */
export interface Engine {
  readonly name: "offline" | "llm";
  generateNote(
    req: NoteRequest,
    onSection?: (s: NoteSectionOut, index: number, total: number) => void,
  ): Promise<GeneratedNote>;
  flashcards(req: FlashcardsRequest): Promise<CardDraft[]>;
  /** A two-host script: opening, a chapter per section (or group of small ones), closing; every line names its section. */
  podcastScript(req: PodcastScriptRequest): Promise<PodcastScript>;
  /** A deck: title slide, agenda, one slide per idea (each naming its section), summary. */
  slides(req: SlidesRequest): Promise<SlideDraft[]>;
  /** The note in another language; the offline engine throws `TranslateNeedsModelError`. */
  translate(req: TranslateRequest): Promise<TranslatedNote>;
  /** Questions of the planned types, spread over the note's sections (the job checks their keys). */
  quiz(req: QuizRequest): Promise<QuestionDraft[]>;
  /** Grades a free-text answer against its reference answer and source. */
  gradeAnswer(req: GradeRequest): Promise<GradeOutcome>;
}

/** The Engine methods that write a study artefact (an artefact kind names the ones it calls). */
export type ArtefactEngineMethod = Exclude<keyof Engine, "name" | "generateNote">;

export interface PodcastScriptRequest extends ArtefactRequest {
  length: PodcastLength;
}

/** Engine settings, from `AI_*` environment variables. */
export interface EngineConfig {
  aiBaseUrl?: string;
  aiApiKey?: string;
  aiModel?: string;
  aiContextTokens: number;
  aiConcurrency: number;
  /** How long one model request may take before it is abandoned and asked again (default 120 s). */
  aiTimeoutMs?: number;
}

/** Injected dependencies (tests pass fakes; production passes nothing). */
export interface EngineDeps {
  fetch?: typeof fetch;
  /** Base delay of the retry backoff in ms (default 1000). */
  retryBaseMs?: number;
  /** Longest single wait between retries in ms, also caps Retry-After (default 30000). */
  retryMaxMs?: number;
}
