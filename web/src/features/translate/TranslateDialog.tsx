import { useState } from "react";
import { Button, Modal, Result, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import type { JobError, NoteDetail } from "@beannote/contract";
import { OUTPUT_LANGUAGES, type OutputLanguage } from "@beannote/contract/limits";
import { noteKeys } from "../../api/notes";
import { errorMessage } from "../../i18n/error-message";
import { LOCALE_NAMES } from "../../i18n/locales";
import { toast } from "../../components/toast-store";
import { ArtefactJobPanel } from "../artefacts/ArtefactJobPanel";
import { CostHint } from "../beans/CostHint";
import { showIfBeansInsufficient } from "../beans/insufficient-store";
import { noteHref } from "../notes/NoteListItem";
import { translateApi } from "./api";
import { refreshBalance } from "../beans/balance";
import "./translate.css";

type Phase =
  | { name: "choose" }
  | { name: "running"; noteId: string; jobId: string }
  | { name: "done"; noteId: string }
  | { name: "failed"; noteId: string; error: JobError | null };

/** Codes that say no more than "translation failed": the dialog's own title says it already. */
const GENERIC = new Set(["TRANSLATE_FAILED", "INTERNAL", "GENERATION_FAILED"]);

/** Choose a language, watch the new note being written, then open it (or see why it failed). */
export function TranslateDialog({
  note,
  onClose,
}: {
  note: Pick<NoteDetail, "noteId" | "title" | "outputLanguage">;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices = OUTPUT_LANGUAGES.filter((l) => l !== note.outputLanguage);
  const [language, setLanguage] = useState<OutputLanguage>(choices[0]!);
  const [starting, setStarting] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: "choose" });
  const refreshLists = () => void queryClient.invalidateQueries({ queryKey: noteKeys.lists() });

  const handleStart = async () => {
    setStarting(true);
    try {
      const started = await translateApi.start(note.noteId, language);
      refreshBalance(queryClient);
      refreshLists();
      setPhase({ name: "running", ...started });
    } catch (error) {
      if (!showIfBeansInsufficient(error)) toast.error(t("translate.failed"), errorMessage(error, t));
    } finally {
      setStarting(false);
    }
  };

  const handleSettled = (error: JobError | null) => {
    if (phase.name !== "running") return;
    refreshLists();
    void queryClient.invalidateQueries({ queryKey: noteKeys.detail(phase.noteId) });
    if (error) {
      setPhase({ name: "failed", noteId: phase.noteId, error });
      toast.error(t("translate.failed"));
    } else {
      setPhase({ name: "done", noteId: phase.noteId });
      toast.success(t("translate.done"));
    }
  };

  let body;
  let footer;
  if (phase.name === "choose") {
    body = (
      <div className="translate-dialog__choose">
        <label className="translate-dialog__label" htmlFor="translate-target">
          {t("translate.target")}
        </label>
        <Select<OutputLanguage>
          id="translate-target"
          value={language}
          onChange={setLanguage}
          options={choices.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          data-testid="translate-language"
          className="translate-dialog__select"
        />
        <p className="muted">{t("translate.hint")}</p>
        <CostHint action="translation" />
      </div>
    );
    footer = (
      <Space>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          type="primary"
          loading={starting}
          onClick={() => void handleStart()}
          data-testid="translate-start"
        >
          {t("translate.start")}
        </Button>
      </Space>
    );
  } else if (phase.name === "running") {
    body = (
      <div className="translate-dialog__running" data-testid="translate-running">
        <ArtefactJobPanel jobId={phase.jobId} title={t("translate.running")} onSettled={handleSettled} />
        <p className="muted">
          {t("translate.background")} <Link to={noteHref(phase.noteId)}>{t("translate.watch")}</Link>
        </p>
      </div>
    );
    footer = <Button onClick={onClose}>{t("translate.close")}</Button>;
  } else if (phase.name === "done") {
    body = (
      <Result
        status="success"
        title={t("translate.done")}
        subTitle={t("translate.doneHint", { language: LOCALE_NAMES[language] })}
        data-testid="translate-done"
      />
    );
    footer = (
      <Space>
        <Button onClick={onClose}>{t("translate.close")}</Button>
        <Link to={noteHref(phase.noteId)} onClick={onClose}>
          <Button type="primary" data-testid="translate-open">
            {t("translate.open")}
          </Button>
        </Link>
      </Space>
    );
  } else {
    const code = phase.error?.code;
    const reason =
      code && !GENERIC.has(code) && t(`errors.code.${code}` as "errors.code.TRANSLATE_FAILED", "")
        ? t(`errors.code.${code}` as "errors.code.TRANSLATE_FAILED")
        : undefined;
    body = (
      <Result status="error" title={t("translate.failed")} subTitle={reason} data-testid="translate-failed" />
    );
    footer = (
      <Space>
        <Button onClick={onClose}>{t("translate.close")}</Button>
        <Button type="primary" onClick={() => setPhase({ name: "choose" })}>
          {t("translate.retry")}
        </Button>
      </Space>
    );
  }

  return (
    <Modal
      open
      title={t("translate.title")}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      data-testid="translate-dialog"
    >
      {body}
    </Modal>
  );
}
