import { useCallback, useRef, useState } from "react";
import { Button, Dropdown, Space, Tooltip } from "antd";
import {
  CompressOutlined,
  DownloadOutlined,
  ExpandAltOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import type { Citation, NoteDetail } from "@beannote/contract";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { saveBlob } from "../../components/save-blob";
import { toast } from "../../components/toast-store";
import { SourceDrawer } from "../artefacts/SourceDrawer";
import type { SourcePosition } from "../source-viewer/SourceViewer";
import { mindMapApi, mindMapKeys } from "./api";
import { exportName, mapPng, mapSvg } from "./export-map";
import { MindMapView, type MindMapHandle } from "./MindMapView";
import "./mind-map.css";

/** The mind map tab: the note's structure as a map, with pan, zoom, fold, sources and downloads. */
export function MindMapTab({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const map = useQuery({
    queryKey: mindMapKeys.map(note.noteId, note.updatedAt),
    queryFn: () => mindMapApi.get(note.noteId),
    enabled: note.status === "ready",
  });
  const view = useRef<MindMapHandle>(null);
  const [at, setAt] = useState<SourcePosition | null>(null);
  const [renderMs, setRenderMs] = useState<number | null>(null);
  const pageLabel = useCallback(
    (c: Citation) => t("artefacts.citation.page", { n: c.page, page: c.page }),
    [t],
  );
  const handleCite = useCallback((c: Citation) => setAt({ source: c.source, page: c.page }), []);

  if (note.status !== "ready")
    return <EmptyState title={t("mindMap.noteNotReady")} hint={t("mindMap.noteNotReadyHint")} />;
  if (map.isPending) return <PageLoader />;
  if (map.isError)
    return (
      <EmptyState
        title={t("mindMap.loadFailed")}
        hint={errorMessage(map.error, t)}
        action={<Button onClick={() => void map.refetch()}>{t("common.retry")}</Button>}
      />
    );

  const handleExport = async (format: "png" | "svg" | "md") => {
    const svg = view.current?.svg();
    try {
      if (format === "md") {
        saveBlob(
          new Blob([map.data.outline], { type: "text/markdown;charset=utf-8" }),
          exportName(note.title, "md"),
        );
      } else if (svg && format === "svg") {
        const { markup } = mapSvg(svg);
        saveBlob(new Blob([markup], { type: "image/svg+xml;charset=utf-8" }), exportName(note.title, "svg"));
      } else if (svg) {
        saveBlob(await mapPng(svg), exportName(note.title, "png"));
      }
      toast.success(t("mindMap.exported"));
    } catch {
      toast.error(t("mindMap.exportFailed"));
    }
  };

  const tool = (title: string, icon: React.ReactNode, onClick: () => void, testId: string) => (
    <Tooltip title={title}>
      <Button icon={icon} onClick={onClick} aria-label={title} data-testid={testId} />
    </Tooltip>
  );

  return (
    <div className="mind-map-tab" data-testid="mind-map-tab" data-render-ms={renderMs ?? undefined}>
      <div className="mind-map-tab__bar">
        <Space wrap size={6}>
          {tool(t("mindMap.fit"), <CompressOutlined />, () => view.current?.fit(), "mind-map-fit")}
          {tool(t("mindMap.zoomIn"), <ZoomInOutlined />, () => view.current?.zoom(1.25), "mind-map-zoom-in")}
          {tool(
            t("mindMap.zoomOut"),
            <ZoomOutOutlined />,
            () => view.current?.zoom(0.8),
            "mind-map-zoom-out",
          )}
          {tool(
            t("mindMap.expandAll"),
            <NodeExpandOutlined />,
            () => view.current?.expandAll(true),
            "mind-map-expand",
          )}
          {tool(
            t("mindMap.collapseAll"),
            <NodeCollapseOutlined />,
            () => view.current?.expandAll(false),
            "mind-map-collapse",
          )}
        </Space>
        <Dropdown
          menu={{
            items: [
              { key: "png", label: t("mindMap.exportPng") },
              { key: "svg", label: t("mindMap.exportSvg") },
              { key: "md", label: t("mindMap.exportMarkdown") },
            ],
            onClick: ({ key }) => void handleExport(key as "png" | "svg" | "md"),
          }}
        >
          <Button icon={<DownloadOutlined />} data-testid="mind-map-export">
            {t("mindMap.export")}
          </Button>
        </Dropdown>
      </div>
      <div className="mind-map-tab__hint muted">
        <ExpandAltOutlined /> {t("mindMap.hint")}
        {renderMs !== null && map.data.nodeCount > 300
          ? ` · ${t("mindMap.large", { count: map.data.nodeCount, ms: renderMs })}`
          : null}
      </div>
      <MindMapView
        ref={view}
        map={map.data}
        pageLabel={pageLabel}
        onCite={handleCite}
        onRendered={setRenderMs}
      />
      <SourceDrawer sources={note.sources} at={at} onClose={() => setAt(null)} />
    </div>
  );
}
