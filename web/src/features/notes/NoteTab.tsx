import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import type { DetailLevel, OutputLanguage } from "@beannote/contract/limits";
import type { NoteDetail } from "@beannote/contract";
import { notesApi, noteKeys } from "../../api/notes";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";
import { GenerationFailed, GenerationView } from "./GenerationView";
import { NoteReader } from "./NoteReader";
import { confirmDeleteNote } from "./confirm-delete-note";
import { refreshBalance } from "../beans/balance";

/** The note tab: the generation view while it is written, the failure with retry, or the note. */
export function NoteTab({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);

  const handleSettled = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: noteKeys.detail(note.noteId) });
    void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });
  }, [queryClient, note.noteId]);

  // Retry = generate again with the same files and choices; the failed note makes way for the new one.
  const handleRetry = async () => {
    setRetrying(true);
    try {
      const started = await notesApi.generate({
        title: note.title,
        outputLanguage: note.outputLanguage as OutputLanguage,
        detailLevel: note.detailLevel as DetailLevel,
        fileIds: note.sources.map((s) => s.fileId),
      });
      refreshBalance(queryClient);
      await notesApi.remove(note.noteId).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });
      void navigate(`/subNote/pages/note?id=${encodeURIComponent(started.noteId)}`, { replace: true });
    } catch (error) {
      toast.error(t("newNote.errors.generationFailed"), errorMessage(error, t));
    } finally {
      setRetrying(false);
    }
  };

  const handleDelete = () =>
    confirmDeleteNote(t, note, () => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });
      void navigate("/pages/my-file", { replace: true });
    });

  if (note.status === "generating") return <GenerationView note={note} onSettled={handleSettled} />;
  if (note.status === "failed" || note.status === "cancelled")
    return (
      <GenerationFailed
        note={note}
        retrying={retrying}
        onRetry={() => void handleRetry()}
        onDelete={handleDelete}
      />
    );
  return <NoteReader key={note.noteId} note={note} />;
}
