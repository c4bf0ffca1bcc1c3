import { memo, useMemo, useState } from "react";
import { Button, Collapse } from "antd";
import { useTranslation } from "react-i18next";
import { MathText } from "../../components/MathText";
import { MarkdownBody, type CiteHandler, type CiteTitle } from "./MarkdownBody";
import { allKeys, collapseAllKeys, splitNote, toPanels, type Panel } from "./note-sections";

/**
 * A note (its `#` title is shown by the page): overview, then sections that expand and collapse. Memoised: a long
 * note with hundreds of formulas is set again only when its Markdown or handlers change, not when the page around it
 * does (the source viewer opening, a zoom).
 */
export const NoteContent = memo(function NoteContent({
  markdown,
  onCite,
  citeTitle,
}: {
  markdown: string;
  onCite?: CiteHandler;
  citeTitle?: CiteTitle;
}) {
  const { t } = useTranslation();
  const note = useMemo(() => splitNote(markdown), [markdown]);
  const panels = useMemo(() => toPanels(note.sections), [note]);
  const keys = useMemo(() => allKeys(panels), [panels]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const renderPanels = (list: Panel[], depth: number) => (
    <Collapse
      ghost
      className={`note-sections note-sections--depth-${depth}`}
      activeKey={list.filter((p) => !collapsed.has(p.key)).map((p) => p.key)}
      onChange={(open) => {
        const openKeys = new Set(Array.isArray(open) ? open : [open]);
        setCollapsed((prev) => {
          const next = new Set(prev);
          for (const p of list) {
            if (openKeys.has(p.key)) next.delete(p.key);
            else next.add(p.key);
          }
          return next;
        });
      }}
      items={list.map((panel) => ({
        key: panel.key,
        label:
          depth === 0 ? (
            <h2 className="note-section__heading">
              <MathText text={panel.heading} inline />
            </h2>
          ) : (
            <h3 className="note-section__heading note-section__heading--sub">
              <MathText text={panel.heading} inline />
            </h3>
          ),
        children: (
          <>
            {panel.lead ? <MarkdownBody markdown={panel.lead} onCite={onCite} citeTitle={citeTitle} /> : null}
            {panel.children.length ? renderPanels(panel.children, depth + 1) : null}
          </>
        ),
      }))}
    />
  );

  return (
    <article className="note-content" data-testid="note-content">
      {note.intro ? <MarkdownBody markdown={note.intro} onCite={onCite} citeTitle={citeTitle} /> : null}
      {keys.length > 1 ? (
        <div className="note-content__expand">
          <Button size="small" type="link" onClick={() => setCollapsed(new Set())}>
            {t("note.view.expandAll")}
          </Button>
          <Button size="small" type="link" onClick={() => setCollapsed(new Set(collapseAllKeys(panels)))}>
            {t("note.view.collapseAll")}
          </Button>
        </div>
      ) : null}
      {panels.length ? renderPanels(panels, 0) : null}
    </article>
  );
});
