import { NewNoteForm } from "../../features/notes/NewNoteForm";
import "../../features/notes/notes.css";

/** Create note (`/pages/new-note`): files, output language, detail level, title. */
export function NewNotePage() {
  return (
    <div className="page-stack narrow-page">
      <NewNoteForm />
    </div>
  );
}
