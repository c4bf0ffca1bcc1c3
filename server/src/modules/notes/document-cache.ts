import type { SourceDocument } from "@beannote/contract";

/** What the parsed documents a process keeps may weigh at most (their JSON's length, about their bytes). */
export const DOCUMENT_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  hash: string;
  document: Promise<SourceDocument>;
  bytes: number;
}

/**
 * Parsed documents by file id and content hash, the most recently used kept within `maxBytes`: a note's
 * artefact jobs and its mind map read and validate each source from storage once, not on every use. A file's
 * document never changes while its hash stays; another hash is a miss. Documents are frozen: shared by every
 * caller, none may change one.
 */
export function createDocumentCache(options: { maxBytes: number }) {
  const entries = new Map<string, Entry>();
  let total = 0;

  function drop(fileId: string, entry: Entry) {
    if (entries.get(fileId) !== entry) return;
    entries.delete(fileId);
    total -= entry.bytes;
  }

  return {
    /** The document of `fileId` with content `hash`; `load` reads it (from storage) only when not held. */
    get(fileId: string, hash: string, load: () => Promise<SourceDocument>): Promise<SourceDocument> {
      const held = entries.get(fileId);
      if (held?.hash === hash) {
        entries.delete(fileId);
        entries.set(fileId, held);
        return held.document;
      }
      if (held) drop(fileId, held);
      const entry: Entry = { hash, bytes: 0, document: load().then(deepFreeze) };
      entries.set(fileId, entry);
      // Weighed once read; one that failed, or that alone outweighs the bound, is not kept.
      entry.document.then(
        (document) => {
          if (entries.get(fileId) !== entry) return;
          entry.bytes = JSON.stringify(document).length;
          total += entry.bytes;
          if (entry.bytes > options.maxBytes) drop(fileId, entry);
          for (const [oldest, first] of entries) {
            if (total <= options.maxBytes) break;
            drop(oldest, first);
          }
        },
        () => drop(fileId, entry),
      );
      return entry.document;
    },
    /** Documents held (or being read) and their weight, for tests and health. */
    stats: () => ({ documents: entries.size, bytes: total }),
  };
}

export type DocumentCache = ReturnType<typeof createDocumentCache>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
