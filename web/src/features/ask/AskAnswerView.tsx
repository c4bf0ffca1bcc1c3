import { App, Button, Space, Tag, Tooltip } from "antd";
import { CopyOutlined, CreditCardOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { AskCitation, ConversationMessage } from "@beannote/contract";
import { MarkdownBody } from "../notes/MarkdownBody";

interface Props {
  message: ConversationMessage;
  /** Tokens streamed so far while the answer is written. */
  streamed?: string;
  onCite: (citation: { source: number; page: number; quote?: string }) => void;
  onSaveCard?: (answer: ConversationMessage) => void;
  sourceName: (source: number) => string | undefined;
}

// The model's `[P2]` labels become page links only once the answer is checked; while streaming they are hidden.
const withoutLabels = (text: string) => text.replace(/\s*\[(?:\s*P\d+\s*[,;，、]?)+\]/gi, "");

/** One answer: its Markdown with inline page links, the citation chips, copy and "save as a flashcard". */
export function AskAnswerView({ message, streamed, onCite, onSaveCard, sourceName }: Props) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  if (message.status === "failed")
    return (
      <div className="ask-bubble ask-bubble--answer ask-bubble--failed" role="alert">
        {t(`errors.code.${message.errorCode ?? "ASK_FAILED"}` as "errors.code.ASK_FAILED")}
      </div>
    );
  if (message.status === "answering")
    return (
      <div className="ask-bubble ask-bubble--answer" aria-busy="true" data-testid="ask-answering">
        {streamed ? (
          <MarkdownBody markdown={withoutLabels(streamed)} />
        ) : (
          <span className="muted">{t("ask.answering")}</span>
        )}
      </div>
    );
  const chip = (citation: AskCitation, i: number) => (
    <Tooltip key={i} title={`“${citation.quote}”`}>
      <Tag
        className="ask-chip"
        data-testid="ask-citation"
        role="button"
        tabIndex={0}
        onClick={() => onCite(citation)}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            onCite(citation);
          }
        }}
      >
        {t("ask.citation", { source: sourceName(citation.source) ?? citation.source, page: citation.page })}
      </Tag>
    </Tooltip>
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.text);
      void toast.success(t("ask.copied"));
    } catch {
      void toast.error(t("ask.copyFailed"));
    }
  };
  return (
    <div className="ask-bubble ask-bubble--answer" data-testid="ask-answer" data-found={message.found}>
      <MarkdownBody markdown={message.text} onCite={(source, page) => onCite({ source, page })} />
      {message.citations.length > 0 ? <div className="ask-chips">{message.citations.map(chip)}</div> : null}
      <Space size={4} className="ask-actions">
        <Tooltip title={t("ask.copy")}>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            aria-label={t("ask.copy")}
            onClick={() => void copy()}
          />
        </Tooltip>
        {message.found && onSaveCard ? (
          <Tooltip title={t("ask.saveCard")}>
            <Button
              type="text"
              size="small"
              icon={<CreditCardOutlined />}
              aria-label={t("ask.saveCard")}
              onClick={() => onSaveCard(message)}
            />
          </Tooltip>
        ) : null}
      </Space>
    </div>
  );
}
