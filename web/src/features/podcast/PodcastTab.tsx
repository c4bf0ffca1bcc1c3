import { useState } from "react";
import { Alert, Button } from "antd";
import { CustomerServiceOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JobError, NoteDetail, PodcastLength } from "@beannote/contract";
import { isErrorCode } from "@beannote/contract/errors";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { toast } from "../../components/toast-store";
import { ArtefactEmpty } from "../artefacts/ArtefactEmpty";
import { ArtefactFailed } from "../artefacts/ArtefactFailed";
import { ArtefactJobPanel } from "../artefacts/ArtefactJobPanel";
import { podcastApi, podcastKeys } from "./api";
import { PodcastEpisodeView } from "./PodcastEpisodeView";
import { PodcastGenerate } from "./PodcastGenerate";
import "../artefacts/artefacts.css";
import { PAID } from "../beans/balance";
import "./podcast.css";

const RUNNING = new Set(["queued", "running"]);

/** The podcast tab: make an episode of the note (with its length and progress), then listen and follow along. */
export function PodcastTab({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const noteId = note.noteId;
  const podcast = useQuery({
    queryKey: podcastKeys.episode(noteId),
    queryFn: () => podcastApi.get(noteId),
    enabled: note.status === "ready",
    // The job panel follows the generation over SSE; this is the fallback should the stream stall.
    refetchInterval: (query) => (RUNNING.has(query.state.data?.generation?.status ?? "") ? 5000 : false),
  });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: podcastKeys.episode(noteId) });
  const generate = useMutation({
    meta: PAID,
    mutationFn: (length: PodcastLength) => podcastApi.generate(noteId, { length }),
    onSuccess: refresh,
    onError: (error) => {
      toast.error(t("artefacts.job.failed"), errorMessage(error, t));
      refresh();
    },
  });

  const handleSettled = (error: JobError | null) => {
    refresh();
    if (error && error.code !== "JOB_CANCELLED")
      toast.error(
        t("artefacts.job.failed"),
        isErrorCode(error.code)
          ? t(`errors.code.${error.code}` as "errors.code.GENERATION_FAILED")
          : undefined,
      );
  };

  if (note.status !== "ready")
    return <EmptyState title={t("podcast.noteNotReady")} hint={t("podcast.noteNotReadyHint")} />;
  if (podcast.isPending) return <PageLoader />;
  if (podcast.isError)
    return (
      <EmptyState
        title={t("podcast.loadFailed")}
        hint={errorMessage(podcast.error, t)}
        action={<Button onClick={() => void podcast.refetch()}>{t("common.retry")}</Button>}
      />
    );

  const { episode, generation } = podcast.data;
  const running = generation && RUNNING.has(generation.status) ? generation : null;
  const control = (
    <PodcastGenerate
      hasEpisode={Boolean(episode)}
      pending={generate.isPending}
      onGenerate={(length) => generate.mutate(length)}
      initialLength={episode?.length}
      current={episode ? { length: episode.length, duration: episode.duration } : undefined}
    />
  );

  let body;
  if (episode)
    body = (
      <PodcastEpisodeView
        note={note}
        episode={episode}
        generateControl={running ? null : control}
        onReload={refresh}
      />
    );
  else if (running) body = null;
  else if (generation && (generation.status === "failed" || generation.status === "cancelled"))
    body = <ArtefactFailed generation={generation} action={control} />;
  else
    body = (
      <ArtefactEmpty
        cost="podcast"
        icon={<CustomerServiceOutlined />}
        title={t("podcast.empty.title")}
        hint={t("podcast.empty.hint")}
        action={control}
      />
    );

  // A new episode failed while an older one plays on: say so above it, once.
  const failedOver =
    episode && generation?.status === "failed" && dismissed !== generation.jobId ? generation : null;

  return (
    <div className="podcast-tab" data-testid="podcast-tab">
      {failedOver ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setDismissed(failedOver.jobId) }}
          title={t("artefacts.job.failed")}
          description={
            failedOver.errorCode && isErrorCode(failedOver.errorCode)
              ? t(`errors.code.${failedOver.errorCode}` as "errors.code.GENERATION_FAILED")
              : t("artefacts.job.failedHint")
          }
        />
      ) : null}
      {running ? (
        <ArtefactJobPanel
          key={running.jobId}
          jobId={running.jobId}
          title={t("podcast.generate.progress")}
          onSettled={handleSettled}
        />
      ) : null}
      {body}
    </div>
  );
}
