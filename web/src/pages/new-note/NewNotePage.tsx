import { Alert, Button, Card, Form, Input, Radio, Select, Upload } from "antd";
import { InboxOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import {
  DETAIL_LEVELS,
  FILE_ACCEPT,
  OUTPUT_LANGUAGES,
  UPLOAD_MAX_MB_DEFAULT,
} from "@beannote/contract/limits";
import { LOCALE_NAMES } from "../../i18n/locales";
import { useLocale } from "../../app/locale-context";
import { useWebConfig } from "../../features/account/use-web-config";

/** Create note (`/pages/new-note`): the real form, switched off until note generation ships. */
export function NewNotePage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { data: config } = useWebConfig();
  const maxMb = config ? Math.round(config.limits.uploadMaxBytes / 1024 / 1024) : UPLOAD_MAX_MB_DEFAULT;
  const defaultLanguage = (OUTPUT_LANGUAGES as readonly string[]).includes(locale) ? locale : "en-US";
  return (
    <div className="page-stack narrow-page">
      <Alert
        type="info"
        showIcon
        title={t("newNote.unavailable")}
        description={t("newNote.unavailableHint")}
      />
      <Card>
        <Form layout="vertical" disabled initialValues={{ language: defaultLanguage, detail: "detail" }}>
          <Form.Item label={t("newNote.upload.title")}>
            <Upload.Dragger accept={FILE_ACCEPT} multiple beforeUpload={() => false}>
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t("newNote.upload.drop")}</p>
              <p className="ant-upload-hint">{t("newNote.upload.hint", { size: maxMb })}</p>
            </Upload.Dragger>
          </Form.Item>
          <Form.Item name="language" label={t("newNote.outputLanguage")}>
            <Select options={OUTPUT_LANGUAGES.map((value) => ({ value, label: LOCALE_NAMES[value] }))} />
          </Form.Item>
          <Form.Item name="detail" label={t("newNote.detailLevel")}>
            <Radio.Group
              optionType="button"
              options={DETAIL_LEVELS.map((value) => ({ value, label: t(`newNote.detail.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="title" label={t("newNote.titleLabel")}>
            <Input placeholder={t("newNote.titlePlaceholder")} />
          </Form.Item>
          <Button type="primary" size="large" block>
            {t("newNote.submit")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
