import { Button, Tooltip } from "antd";
import { FileSearchOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Citation } from "@beannote/contract";

interface Props {
  citation: Citation;
  /** The cited file's name, shown on hover and read by screen readers. */
  sourceName?: string;
  onOpen: (citation: Citation) => void;
}

/** "p. 12": opens the source viewer at the page an artefact item was drawn from. */
export function CitationButton({ citation, sourceName, onOpen }: Props) {
  const { t } = useTranslation();
  const label = sourceName
    ? t("artefacts.citation.openNamed", { page: citation.page, name: sourceName })
    : t("artefacts.citation.open", { page: citation.page });
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        shape="round"
        className="citation-button"
        icon={<FileSearchOutlined />}
        aria-label={label}
        data-testid="citation-button"
        data-source={citation.source}
        data-page={citation.page}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(citation);
        }}
      >
        {t("artefacts.citation.page", { n: citation.page })}
      </Button>
    </Tooltip>
  );
}
