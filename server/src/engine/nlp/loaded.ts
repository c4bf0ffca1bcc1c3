/** Which language models this process has loaded, and what each cost (filled in by the loaders, read by warmNlp). */

export interface LoadedModel {
  /**
   * "wink" (English tagger), "en-lexicon", "jieba", "jieba-idf", "kuromoji", "az" (Russian), "fr-compromise",
   * "de-compromise", "es-compromise", "stopwords", "snowball".
   */
  name: string;
  ms: number;
}

const loaded = new Map<string, LoadedModel>();

/** Runs `load` and records it under `name` with the time it took (a loader calls this once per process). */
export function recordLoad<T>(name: string, load: () => T): T {
  const started = performance.now();
  const value = load();
  loaded.set(name, { name, ms: performance.now() - started });
  return value;
}

/** Records a model loaded asynchronously (kuromoji), `started` being when its loading began. */
export function recordLoaded(name: string, started: number): void {
  loaded.set(name, { name, ms: performance.now() - started });
}

/** The models loaded so far in this process, in the order they were loaded. */
export function loadedNlpModels(): LoadedModel[] {
  return [...loaded.values()];
}
