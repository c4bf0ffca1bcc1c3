import { Modal } from "antd";
import type { TFunction } from "i18next";
import { notesApi } from "../../api/notes";
import { errorMessage } from "../../i18n/error-message";
import { toast } from "../../components/toast-store";

/** Asks before deleting a note; `onDeleted` runs once the server has deleted it. */
export function confirmDeleteNote(
  t: TFunction,
  note: { noteId: string; title: string },
  onDeleted: () => void | Promise<void>,
): void {
  Modal.confirm({
    title: t("myFile.deleteConfirmTitle"),
    content: t("myFile.deleteConfirmBody", { title: note.title }),
    okText: t("myFile.actions.delete"),
    okButtonProps: { danger: true },
    cancelText: t("common.cancel"),
    onOk: async () => {
      try {
        await notesApi.remove(note.noteId);
      } catch (error) {
        toast.error(t("myFile.deleteFailed"), errorMessage(error, t));
        return;
      }
      await onDeleted();
    },
  });
}
