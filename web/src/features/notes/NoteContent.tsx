import { useMemo, useState } from "react";
import { Button, Collapse } from "antd";
import { useTranslation } from "react-i18next";
import { MarkdownBody, type CiteHandler } from "./MarkdownBody";
import { splitNote } from "./note-sections";

/** A note (its `#` title is shown by the page): overview, then each `##` section in a panel that expands and collapses. */
export function NoteContent({ markdown, onCite }: { markdown: string; onCite?: CiteHandler }) {
  const { t } = useTranslation();
  const note = useMemo(() => splitNote(markdown), [markdown]);
  const keys = note.sections.map((_, i) => String(i));
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const active = keys.filter((k) => !collapsed.has(k));
  return (
    <article className="note-content" data-testid="note-content">
      {note.intro ? <MarkdownBody markdown={note.intro} onCite={onCite} /> : null}
      {note.sections.length > 1 ? (
        <div className="note-content__expand">
          <Button size="small" type="link" onClick={() => setCollapsed(new Set())}>
            {t("note.view.expandAll")}
          </Button>
          <Button size="small" type="link" onClick={() => setCollapsed(new Set(keys))}>
            {t("note.view.collapseAll")}
          </Button>
        </div>
      ) : null}
      {note.sections.length ? (
        <Collapse
          ghost
          className="note-sections"
          activeKey={active}
          onChange={(open) => {
            const openKeys = new Set(Array.isArray(open) ? open : [open]);
            setCollapsed(new Set(keys.filter((k) => !openKeys.has(k))));
          }}
          items={note.sections.map((section, i) => ({
            key: String(i),
            label: <h2 className="note-section__heading">{section.heading}</h2>,
            children: <MarkdownBody markdown={section.body} onCite={onCite} />,
          }))}
        />
      ) : null}
    </article>
  );
}
