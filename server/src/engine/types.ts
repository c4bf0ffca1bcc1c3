import type { DetailLevel, OutputLanguage, SourceDocument } from "@beannote/contract";

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

/** Turns parsed documents into a study note; `onSection` fires as each section is finished. */
export interface Engine {
  readonly name: "offline" | "llm";
  generateNote(
    req: NoteRequest,
    onSection?: (s: NoteSectionOut, index: number, total: number) => void,
  ): Promise<GeneratedNote>;
}

/** Engine settings, from `AI_*` environment variables. */
export interface EngineConfig {
  aiBaseUrl?: string;
  aiApiKey?: string;
  aiModel?: string;
  aiContextTokens: number;
  aiConcurrency: number;
}

/** Injected dependencies (tests pass fakes; production passes nothing). */
export interface EngineDeps {
  fetch?: typeof fetch;
  /** Base delay of the retry backoff in ms (default 1000). */
  retryBaseMs?: number;
  /** Longest single wait between retries in ms, also caps Retry-After (default 30000). */
  retryMaxMs?: number;
}
