import { useState } from "react";
import { Button, Card, Input, Select } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { NOTE_SORTS, type NoteSort } from "@beannote/contract/limits";
import { EmptyState } from "../../components/EmptyState";

/** All notes (`/pages/my-file`): search by title and sort; the list is empty until notes exist. */
export function MyFilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const sortParam = params.get("sort");
  const sort: NoteSort = (NOTE_SORTS as readonly string[]).includes(sortParam ?? "")
    ? (sortParam as NoteSort)
    : "modified_desc";
  return (
    <Card>
      <div className="toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t("myFile.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="toolbar__search"
        />
        <Select<NoteSort>
          value={sort}
          aria-label={t("myFile.sortLabel")}
          onChange={(value) => setParams({ ...Object.fromEntries(params), sort: value }, { replace: true })}
          options={NOTE_SORTS.map((value) => ({ value, label: t(`myFile.sort.${value}`) }))}
          className="toolbar__sort"
          popupMatchSelectWidth={false}
        />
      </div>
      <EmptyState
        title={t("myFile.empty")}
        hint={t("myFile.emptyHint")}
        action={
          <Link to="/pages/new-note">
            <Button type="primary" icon={<PlusOutlined />}>
              {t("myFile.create")}
            </Button>
          </Link>
        }
      />
    </Card>
  );
}
