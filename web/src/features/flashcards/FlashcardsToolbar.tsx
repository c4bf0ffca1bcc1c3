import type { ReactNode } from "react";
import { Button, Dropdown, Segmented, Tooltip } from "antd";
import { DownloadOutlined, PlusOutlined, RetweetOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { FlashcardExportFormat } from "./api";

interface Props {
  total: number;
  /** Cards due now plus new ones: what "study due cards" goes through. */
  dueTotal: number;
  dueOnly: boolean;
  onDueOnly: (dueOnly: boolean) => void;
  shuffled: boolean;
  onShuffle: () => void;
  onAdd: () => void;
  exporting: boolean;
  onExport: (format: FlashcardExportFormat) => void;
  generateControl: ReactNode;
}

/** Above the deck: all cards or the due ones, shuffle, add, export, generate more. */
export function FlashcardsToolbar(props: Props) {
  const { t } = useTranslation();
  return (
    <div className="flashcards-toolbar">
      <Segmented
        value={props.dueOnly ? "due" : "all"}
        onChange={(value) => props.onDueOnly(value === "due")}
        options={[
          { value: "all", label: t("flashcards.toolbar.all", { n: props.total }) },
          { value: "due", label: t("flashcards.toolbar.due", { n: props.dueTotal }) },
        ]}
        aria-label={t("flashcards.toolbar.mode")}
        data-testid="study-mode"
      />
      <div className="flashcards-toolbar__actions">
        <Tooltip title={props.shuffled ? t("flashcards.toolbar.unshuffle") : t("flashcards.toolbar.shuffle")}>
          <Button
            icon={<RetweetOutlined />}
            type={props.shuffled ? "primary" : "default"}
            ghost={props.shuffled}
            aria-pressed={props.shuffled}
            onClick={props.onShuffle}
            data-testid="shuffle"
          >
            <span className="flashcards-toolbar__label">{t("flashcards.toolbar.shuffleLabel")}</span>
          </Button>
        </Tooltip>
        <Button icon={<PlusOutlined />} onClick={props.onAdd} data-testid="add-card">
          <span className="flashcards-toolbar__label">{t("flashcards.toolbar.add")}</span>
        </Button>
        <Dropdown
          trigger={["click"]}
          menu={{
            items: [
              { key: "csv", label: t("flashcards.toolbar.exportCsv"), "data-testid": "export-csv" },
              { key: "apkg", label: t("flashcards.toolbar.exportAnki"), "data-testid": "export-apkg" },
            ],
            onClick: ({ key }) => props.onExport(key as FlashcardExportFormat),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={props.exporting} data-testid="export">
            <span className="flashcards-toolbar__label">{t("flashcards.toolbar.export")}</span>
          </Button>
        </Dropdown>
        {props.generateControl}
      </div>
    </div>
  );
}
