import { useState } from "react";
import { Drawer, Spin } from "antd";
import { useTranslation } from "react-i18next";
import type { NoteSource } from "@beannote/contract";
import { useIsPhone } from "../../components/use-is-phone";
import { SourceViewer, type SourcePosition } from "../source-viewer/SourceViewer";

interface Props {
  /** The note's sources; `undefined` while they load. */
  sources: NoteSource[] | undefined;
  /** Where to open; `null` keeps the drawer closed. */
  at: SourcePosition | null;
  onClose: () => void;
}

/** The source viewer in a drawer (full width on a phone), for tabs that have no room beside their content. */
export function SourceDrawer({ sources, at, onClose }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [zoom, setZoom] = useState(1);
  // The student may page on from the cited page; a new citation starts over from where it points.
  const [moved, setMoved] = useState<{ from: SourcePosition; to: SourcePosition } | null>(null);
  const position = moved && moved.from === at ? moved.to : at;

  return (
    <Drawer
      open={Boolean(at)}
      onClose={onClose}
      placement="right"
      size={isPhone ? "100%" : 720}
      closable={false}
      title={null}
      destroyOnHidden
      className="source-drawer"
      aria-label={t("sourceViewer.title")}
      styles={{ body: { padding: 0 } }}
    >
      {position && sources ? (
        <SourceViewer
          sources={sources}
          at={position}
          zoom={zoom}
          onNavigate={(to) => at && setMoved({ from: at, to })}
          onZoom={setZoom}
          onClose={onClose}
        />
      ) : position ? (
        <div className="source-drawer__loading">
          <Spin />
        </div>
      ) : null}
    </Drawer>
  );
}
