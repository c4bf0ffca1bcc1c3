import type { SourceDocument } from "@beannote/contract";
import { nlpReady } from "../../engine/nlp";
import { documentLanguage } from "./passages";
import { buildFileIndex, type FileIndex } from "./passage-index";

/**
 * The passage indexes of parsed files, built once per file (on its first question) and kept, the most
 * recently used first, within `maxFiles`: a question never rebuilds its note's indexes.
 */
export function createIndexCache(options: { maxFiles: number }) {
  const cache = new Map<string, Promise<FileIndex>>();
  return {
    /** The file's index; `load` reads its parsed document only when the index is not held yet. */
    get(fileId: string, load: () => Promise<SourceDocument | undefined>): Promise<FileIndex> {
      const held = cache.get(fileId);
      if (held) {
        cache.delete(fileId);
        cache.set(fileId, held);
        return held;
      }
      const built = load().then(async (found) => {
        const doc = found ?? {
          title: "",
          format: "pdf" as const,
          language: "und",
          pageCount: 0,
          sections: [],
        };
        // Japanese words come from kuromoji, whose dictionary loads once: an index is never built without it.
        await nlpReady(documentLanguage(doc));
        return buildFileIndex(doc);
      });
      built.catch(() => cache.delete(fileId));
      cache.set(fileId, built);
      while (cache.size > options.maxFiles) cache.delete(cache.keys().next().value!);
      return built;
    },
    size: () => cache.size,
  };
}

export type IndexCache = ReturnType<typeof createIndexCache>;
