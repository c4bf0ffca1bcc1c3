import type { DetailLevel, OutputLanguage, PodcastLength, SourceDocument } from "@beannote/contract";
import type { ArtefactGenerators } from "./artefact-generators";
import type { GeneratorMethods } from "./generator";
import type { NoteMaterial } from "./note-material";
import type { QuizPlan } from "./quiz/question";

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
 * into its study artefacts: one method per artefact generator (`engine.flashcards(req)`, …), each declared in
 * its kind's folder (`engine/<kind>/generator.ts`, listed in artefact-generators.ts). Every artefact item names
 * the note section it came from; the caller turns that into a citation, so no engine ever types a page number.
 */
export interface Engine extends GeneratorMethods<ArtefactGenerators> {
  readonly name: "offline" | "llm";
  generateNote(
    req: NoteRequest,
    onSection?: (s: NoteSectionOut, index: number, total: number) => void,
  ): Promise<GeneratedNote>;
}

/** The Engine methods that write a study artefact (an artefact kind names the generators it calls). */
export type ArtefactEngineMethod = keyof ArtefactGenerators;

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
