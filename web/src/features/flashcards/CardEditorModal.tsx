import { useEffect, useState } from "react";
import { Alert, Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";
import type { FlashcardInput } from "@beannote/contract";
import { FLASHCARD_TEXT_MAX } from "@beannote/contract/flashcards";
import { errorMessage } from "../../i18n/error-message";

interface Props {
  /** The card being edited, or null to add one. */
  initial: FlashcardInput | null;
  open: boolean;
  onSave: (input: FlashcardInput) => Promise<unknown>;
  onClose: () => void;
}

/** Adds or edits a card: front and back, each 1–2,000 characters; the server's error shows in the dialog. */
export function CardEditorModal({ initial, open, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FlashcardInput>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const adding = initial === null;

  // The form's store outlives the dialog: without this, a card opened for editing came back when adding one
  // (and an edit then opened empty). Each opening starts from the card it is for.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial ?? { front: "", back: "" });
  }, [open]); // only on opening: `initial` is a new object on every render

  const handleOk = async () => {
    let values: FlashcardInput;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show what is wrong
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ front: values.front.trim(), back: values.back.trim() });
      onClose();
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const rules = [
    { required: true, whitespace: true, message: t("flashcards.editor.required") },
    { max: FLASHCARD_TEXT_MAX, message: t("flashcards.editor.tooLong", { max: FLASHCARD_TEXT_MAX }) },
  ];

  return (
    <Modal
      open={open}
      title={adding ? t("flashcards.editor.addTitle") : t("flashcards.editor.editTitle")}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) return;
        setFailure(null);
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial ?? { front: "", back: "" }}
        preserve={false}
        data-testid="card-editor"
        onFinish={() => void handleOk()}
      >
        <Form.Item name="front" label={t("flashcards.editor.front")} rules={rules}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            showCount
            maxLength={FLASHCARD_TEXT_MAX}
            placeholder={t("flashcards.editor.frontPlaceholder")}
            data-testid="card-editor-front"
            autoFocus
          />
        </Form.Item>
        <Form.Item name="back" label={t("flashcards.editor.back")} rules={rules}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 12 }}
            showCount
            maxLength={FLASHCARD_TEXT_MAX}
            placeholder={t("flashcards.editor.backPlaceholder")}
            data-testid="card-editor-back"
          />
        </Form.Item>
      </Form>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={adding ? t("flashcards.toast.addFailed") : t("flashcards.toast.editFailed")}
          description={errorMessage(failure, t)}
          data-testid="card-editor-error"
        />
      ) : null}
    </Modal>
  );
}
