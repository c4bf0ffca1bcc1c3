import type { ReactNode } from "react";
import { Spin } from "antd";
import { useQuery } from "@tanstack/react-query";
import { notesApi, noteKeys } from "../../api/notes";
import { NoteListItem } from "./NoteListItem";
import "./notes.css";

const RECENT = { sort: "modified_desc", page: 1, size: 5 } as const;

/** Home's recent notes: the five most recently changed, each linking to the note; `empty` when none. */
export function RecentNotes({ empty }: { empty: ReactNode }) {
  const recent = useQuery({ queryKey: noteKeys.list(RECENT), queryFn: () => notesApi.list(RECENT) });
  if (recent.isPending) return <Spin className="notes-spin" />;
  if (!recent.data?.items.length) return <>{empty}</>;
  return (
    <ul className="note-list note-list--compact" data-testid="recent-notes">
      {recent.data.items.map((note) => (
        <NoteListItem key={note.noteId} note={note} />
      ))}
    </ul>
  );
}
