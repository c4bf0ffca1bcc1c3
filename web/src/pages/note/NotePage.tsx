import { Suspense } from "react";
import { Button, Card, Space, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { notesApi, noteKeys } from "../../api/notes";
import { isApiError } from "../../api/api-error";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { ExportButton } from "../../features/export/ExportButton";
import { TranslateButton } from "../../features/translate/TranslateButton";
import "../../features/notes/notes.css";
import { MathText } from "../../components/MathText";
import { NOTE_TABS } from "./note-tabs";

/** Note view (`/subNote/pages/note?id=…`): the six tabs of spec §1 and the Ask tab. */
export function NotePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const note = useQuery({
    queryKey: noteKeys.detail(id),
    queryFn: () => notesApi.detail(id),
    enabled: Boolean(id),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
    // The generation view follows the job over SSE; this is the fallback should the stream stall.
    refetchInterval: (query) => (query.state.data?.status === "generating" ? 5000 : false),
  });
  const toList = (
    <Link to="/pages/my-file">
      <Button type="primary">{t("note.openList")}</Button>
    </Link>
  );

  if (!id) return <EmptyState title={t("note.empty")} hint={t("note.emptyHint")} action={toList} />;
  if (note.isPending) return <PageLoader />;
  if (note.isError) {
    const missing = isApiError(note.error) && note.error.status === 404;
    return (
      <EmptyState
        title={missing ? t("note.notFound") : t("note.loadFailed")}
        hint={missing ? t("note.notFoundHint") : errorMessage(note.error, t)}
        action={missing ? toList : <Button onClick={() => void note.refetch()}>{t("common.retry")}</Button>}
      />
    );
  }
  const data = note.data;
  return (
    <div className="page-stack note-page">
      <div className="card-title-row">
        <h2 className="page-heading break-anywhere" data-testid="note-title">
          <MathText text={data.title} inline />
        </h2>
        {data.status === "ready" ? (
          <Space wrap size={8} data-testid="note-actions">
            <ExportButton noteId={data.noteId} title={data.title} />
            <TranslateButton note={data} />
          </Space>
        ) : null}
      </div>
      <Card className="note-page__card" styles={{ body: { paddingTop: 0 } }}>
        <Tabs
          defaultActiveKey={params.get("tab") ?? undefined}
          // The "…" menu of tabs that do not fit (a phone) opens on a tap and closes with the choice: opened on
          // hover, a tap's emulated mouse events kept it open over the tab just chosen.
          more={{ trigger: ["click"] }}
          items={NOTE_TABS.map(({ key, Component, lazy }) => ({
            key,
            label: t(`note.tabs.${key}`),
            children: lazy ? (
              <Suspense fallback={<PageLoader />}>
                <Component note={data} />
              </Suspense>
            ) : (
              <Component note={data} />
            ),
          }))}
        />
      </Card>
    </div>
  );
}
