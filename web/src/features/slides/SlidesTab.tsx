import { useCallback, useState } from "react";
import { Button } from "antd";
import { FundProjectionScreenOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Citation, JobError, NoteDetail, SlideDeck, SlideExportFormat } from "@beannote/contract";
import { isErrorCode } from "@beannote/contract/errors";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { toast } from "../../components/toast-store";
import { ArtefactEmpty } from "../artefacts/ArtefactEmpty";
import { ArtefactFailed } from "../artefacts/ArtefactFailed";
import { ArtefactJobPanel } from "../artefacts/ArtefactJobPanel";
import { SourceDrawer } from "../artefacts/SourceDrawer";
import type { SourcePosition } from "../source-viewer/SourceViewer";
import { slideKeys, slidesApi } from "./api";
import { GenerateSlidesControl } from "./GenerateSlidesControl";
import { SlideViewer } from "./SlideViewer";
import "../artefacts/artefacts.css";
import { PAID } from "../beans/balance";
import "./slides.css";

const RUNNING = new Set(["queued", "running"]);

/** The slides tab: generate a deck (with progress), then view, present, edit and download it. */
export function SlidesTab({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const noteId = note.noteId;
  const queryClient = useQueryClient();
  const deck = useQuery({
    queryKey: slideKeys.deck(noteId),
    queryFn: () => slidesApi.deck(noteId),
    enabled: note.status === "ready",
    refetchInterval: (query) => (RUNNING.has(query.state.data?.generation?.status ?? "") ? 5000 : false),
  });
  const [at, setAt] = useState<SourcePosition | null>(null);
  const [exporting, setExporting] = useState<SlideExportFormat | null>(null);
  // The job just started here: followed even when it ends before the deck is read again (a fast offline job).
  const [started, setStarted] = useState<string | null>(null);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: slideKeys.deck(noteId) }),
    [queryClient, noteId],
  );
  const generate = useMutation({
    meta: PAID,
    mutationFn: (body: { maxSlides?: number }) => slidesApi.generate(noteId, body),
    onSuccess: (job) => {
      setStarted(job.jobId);
      refresh();
    },
    onError: (error) => toast.error(t("slides.toast.generateFailed"), errorMessage(error, t)),
  });
  const save = useMutation({
    mutationFn: (slides: { slideId: string; title: string; bullets: string[]; notes: string }[]) =>
      slidesApi.save(noteId, { slides }),
    onSuccess: (data: SlideDeck) => {
      queryClient.setQueryData(slideKeys.deck(noteId), data);
      toast.success(t("slides.toast.saved"));
    },
    onError: (error) => {
      toast.error(t("slides.toast.saveFailed"), errorMessage(error, t));
      refresh();
    },
  });
  const handleSettled = useCallback(
    (error: JobError | null) => {
      setStarted(null);
      refresh();
      if (!error) toast.success(t("slides.toast.generated"));
      else if (error.code !== "JOB_CANCELLED")
        toast.error(
          t("slides.toast.generateFailed"),
          isErrorCode(error.code)
            ? t(`errors.code.${error.code}` as "errors.code.GENERATION_FAILED")
            : undefined,
        );
    },
    [refresh, t],
  );
  const handleExport = async (format: SlideExportFormat) => {
    setExporting(format);
    try {
      const name = await slidesApi.export(noteId, format);
      toast.success(t("slides.toast.downloaded"), name);
    } catch (error) {
      toast.error(t("slides.toast.downloadFailed"), errorMessage(error, t));
    } finally {
      setExporting(null);
    }
  };
  const handleCite = useCallback((c: Citation) => setAt({ source: c.source, page: c.page }), []);

  if (note.status !== "ready")
    return <EmptyState title={t("slides.noteNotReady")} hint={t("slides.noteNotReadyHint")} />;
  if (deck.isPending) return <PageLoader />;
  if (deck.isError)
    return (
      <EmptyState
        title={t("slides.loadFailed")}
        hint={errorMessage(deck.error, t)}
        action={<Button onClick={() => void deck.refetch()}>{t("common.retry")}</Button>}
      />
    );

  const { slides, generation } = deck.data;
  const runningJobId = started ?? (generation && RUNNING.has(generation.status) ? generation.jobId : null);
  const control = (primary: boolean) => (
    <GenerateSlidesControl
      hasDeck={slides.length > 0}
      pending={generate.isPending}
      primary={primary}
      onGenerate={(request) => generate.mutate(request)}
    />
  );

  let body = null;
  if (slides.length)
    body = (
      <SlideViewer
        deck={deck.data}
        sourceNames={note.sources.map((s) => s.fileName)}
        saving={save.isPending}
        onSave={(edits) => save.mutateAsync(edits)}
        onExport={(format) => void handleExport(format)}
        exporting={exporting}
        onCite={handleCite}
        generateControl={runningJobId ? null : control(false)}
      />
    );
  else if (runningJobId) body = null;
  else if (generation && (generation.status === "failed" || generation.status === "cancelled"))
    body = <ArtefactFailed generation={generation} action={control(true)} />;
  else
    body = (
      <ArtefactEmpty
        cost="slides"
        icon={<FundProjectionScreenOutlined />}
        title={t("slides.empty.title")}
        hint={t("slides.empty.hint")}
        action={control(true)}
      />
    );

  return (
    <div className="slides-tab" data-testid="slides-tab">
      {runningJobId ? (
        <ArtefactJobPanel
          key={runningJobId}
          jobId={runningJobId}
          title={t("slides.generate.progress")}
          onSettled={handleSettled}
        />
      ) : null}
      {body}
      <SourceDrawer sources={note.sources} at={at} onClose={() => setAt(null)} />
    </div>
  );
}
