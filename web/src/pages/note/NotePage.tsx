import { Button, Card, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/EmptyState";

const TABS = ["note", "flashcards", "quiz", "mindMap", "podcast", "slides"] as const;

/** Note view (`/subNote/pages/note?id=…`): the six tabs; no note can be opened yet. */
export function NotePage() {
  const { t } = useTranslation();
  const empty = (
    <EmptyState
      title={t("note.empty")}
      hint={t("note.emptyHint")}
      action={
        <Link to="/pages/my-file">
          <Button type="primary">{t("note.openList")}</Button>
        </Link>
      }
    />
  );
  return (
    <Card>
      <Tabs items={TABS.map((key) => ({ key, label: t(`note.tabs.${key}`), children: empty }))} />
    </Card>
  );
}
