import { useState } from "react";
import { Button, Tooltip } from "antd";
import { TranslationOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { NoteDetail } from "@beannote/contract";
import { useWebConfig } from "../account/use-web-config";
import { TranslateDialog } from "./TranslateDialog";

/**
 * Opens the translate dialog. On a server without a model the button is disabled and says why (the
 * reason comes from `/config/web`), rather than failing after a click.
 */
export function TranslateButton({ note }: { note: Pick<NoteDetail, "noteId" | "title" | "outputLanguage"> }) {
  const { t } = useTranslation();
  const config = useWebConfig();
  const [open, setOpen] = useState(false);
  const flag = config.data?.features.translate;
  const reason =
    flag && !flag.available
      ? t(`errors.code.${flag.reason ?? "TRANSLATE_NEEDS_MODEL"}` as "errors.code.TRANSLATE_NEEDS_MODEL")
      : null;

  if (reason)
    return (
      // a disabled button takes no pointer events: the wrapper shows the reason on hover and on tap
      <Tooltip title={reason} trigger={["hover", "click"]}>
        <span
          className="translate-disabled"
          data-testid="translate-unavailable"
          tabIndex={0}
          aria-label={reason}
        >
          <Button icon={<TranslationOutlined />} disabled data-testid="translate-button">
            {t("translate.button")}
          </Button>
        </span>
      </Tooltip>
    );
  return (
    <>
      <Button
        icon={<TranslationOutlined />}
        onClick={() => setOpen(true)}
        disabled={!flag}
        data-testid="translate-button"
      >
        {t("translate.button")}
      </Button>
      {open ? <TranslateDialog note={note} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
