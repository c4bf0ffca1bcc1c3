import { useEffect } from "react";
import { Form, Input, Modal } from "antd";
import { useTranslation } from "react-i18next";
import type { Slide } from "@beannote/contract";
import {
  SLIDE_BULLET_MAX,
  SLIDE_BULLETS_MAX,
  SLIDE_NOTES_MAX,
  SLIDE_TITLE_MAX,
} from "@beannote/contract/slides";

export interface SlideText {
  title: string;
  bullets: string[];
  notes: string;
}

interface Props {
  slide: Slide | null;
  saving: boolean;
  onSave: (text: SlideText) => void;
  onClose: () => void;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** Edits a slide's title, bullets (one a line, at most six) and speaker notes. */
export function SlideEditorModal({ slide, saving, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string; bullets: string; notes: string }>();
  useEffect(() => {
    if (slide)
      form.setFieldsValue({ title: slide.title, bullets: slide.bullets.join("\n"), notes: slide.notes });
  }, [slide, form]);

  return (
    <Modal
      open={Boolean(slide)}
      title={t("slides.edit.title")}
      okText={t("slides.edit.save")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="slide-editor"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) =>
          onSave({ title: v.title.trim(), bullets: lines(v.bullets ?? ""), notes: (v.notes ?? "").trim() })
        }
      >
        <Form.Item
          name="title"
          label={t("slides.edit.slideTitle")}
          rules={[
            { required: true, whitespace: true, message: t("slides.edit.titleRequired") },
            { max: SLIDE_TITLE_MAX, message: t("slides.edit.tooLong", { max: SLIDE_TITLE_MAX }) },
          ]}
        >
          <Input data-testid="slide-edit-title" />
        </Form.Item>
        <Form.Item
          name="bullets"
          label={t("slides.edit.bullets")}
          extra={t("slides.edit.bulletsHint", { max: SLIDE_BULLETS_MAX })}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const list = lines(value ?? "");
                if (list.length > SLIDE_BULLETS_MAX)
                  throw new Error(t("slides.edit.tooManyBullets", { max: SLIDE_BULLETS_MAX }));
                if (list.some((l) => l.length > SLIDE_BULLET_MAX))
                  throw new Error(t("slides.edit.tooLong", { max: SLIDE_BULLET_MAX }));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} data-testid="slide-edit-bullets" />
        </Form.Item>
        <Form.Item
          name="notes"
          label={t("slides.edit.notes")}
          rules={[{ max: SLIDE_NOTES_MAX, message: t("slides.edit.tooLong", { max: SLIDE_NOTES_MAX }) }]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} data-testid="slide-edit-notes" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
