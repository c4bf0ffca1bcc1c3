import type { FilesService } from "./files.service";

/** Reads what a note holds in storage before it is deleted; the returned function frees it afterwards. */
export type NoteObjectReleaser = (noteId: string) => Promise<() => Promise<void>>;

/**
 * Deleting a note frees what it alone held: its source files that no other note uses (rows and objects), and
 * each artefact's stored objects (podcast audio). Objects go after the rows, and a storage that is down never
 * fails the deletion: what it leaves is found by the orphan sweep.
 */
export function releasingNoteObjects<S extends { remove(userId: string, noteId: string): Promise<void> }>(
  notes: S,
  deps: { files: FilesService; releasers: NoteObjectReleaser[] },
): S {
  return {
    ...notes,
    async remove(userId: string, noteId: string) {
      const [fileIds, releases] = await Promise.all([
        deps.files.sourcesOfNote(noteId),
        Promise.all(deps.releasers.map((prepare) => prepare(noteId))),
      ]);
      await notes.remove(userId, noteId);
      await Promise.allSettled([
        deps.files.releaseUnused(userId, fileIds),
        ...releases.map((release) => release()),
      ]);
    },
  };
}
