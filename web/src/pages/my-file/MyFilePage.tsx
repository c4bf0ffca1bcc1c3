import { useEffect, useState } from "react";
import { Button, Card, Input, Pagination, Select, Spin } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTE_SORTS, type NoteSort } from "@beannote/contract/limits";
import type { NoteSummary } from "@beannote/contract";
import { notesApi, noteKeys } from "../../api/notes";
import { errorMessage } from "../../i18n/error-message";
import { EmptyState } from "../../components/EmptyState";
import { toast } from "../../components/toast-store";
import { NoteListItem } from "../../features/notes/NoteListItem";
import { confirmDeleteNote } from "../../features/notes/confirm-delete-note";
import { ExportButton } from "../../features/export/ExportButton";
import "../../features/notes/notes.css";

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 300;

/** All notes (`/pages/my-file`): search by title, the four sorts, copy, delete, paging. */
export function MyFilePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const keyword = params.get("q") ?? "";
  const [search, setSearch] = useState(keyword);
  const sortParam = params.get("sort");
  const sort: NoteSort = (NOTE_SORTS as readonly string[]).includes(sortParam ?? "")
    ? (sortParam as NoteSort)
    : "modified_desc";
  const page = Math.max(1, Number(params.get("page")) || 1);

  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (search.trim() === keyword) return;
    const timer = setTimeout(() => update({ q: search.trim() || null, page: null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const query = { keyword: keyword || undefined, sort, page, size: PAGE_SIZE };
  const list = useQuery({
    queryKey: noteKeys.list(query),
    queryFn: () => notesApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: noteKeys.lists() });

  const copy = useMutation({
    mutationFn: (note: NoteSummary) => notesApi.copy(note.noteId),
    onSuccess: () => {
      toast.success(t("myFile.copied"));
      void refresh();
    },
    onError: (error) => toast.error(t("myFile.copyFailed"), errorMessage(error, t)),
  });

  const handleDelete = (note: NoteSummary) =>
    confirmDeleteNote(t, note, async () => {
      queryClient.removeQueries({ queryKey: noteKeys.detail(note.noteId) });
      toast.success(t("myFile.deleted"));
      const lastOnPage = list.data?.items.length === 1 && page > 1;
      if (lastOnPage) update({ page: String(page - 1) });
      await refresh();
    });

  const data = list.data;
  let body;
  if (list.isPending) body = <Spin className="notes-spin" />;
  else if (list.isError)
    body = (
      <EmptyState
        title={t("myFile.loadFailed")}
        hint={errorMessage(list.error, t)}
        action={<Button onClick={() => void list.refetch()}>{t("common.retry")}</Button>}
      />
    );
  else if (!data?.items.length)
    body = keyword ? (
      <EmptyState title={t("myFile.noMatch", { keyword })} hint={t("myFile.noMatchHint")} />
    ) : (
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
    );
  else
    body = (
      <>
        <ul className="note-list" data-testid="note-list">
          {data.items.map((note) => (
            <NoteListItem
              key={note.noteId}
              note={note}
              busy={copy.isPending}
              onCopy={() => copy.mutate(note)}
              onDelete={() => handleDelete(note)}
              actions={
                note.status === "ready" ? (
                  <ExportButton noteId={note.noteId} title={note.title} compact />
                ) : null
              }
            />
          ))}
        </ul>
        {data.total > PAGE_SIZE ? (
          <Pagination
            className="note-list__pager"
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            onChange={(next) => update({ page: next > 1 ? String(next) : null })}
          />
        ) : null}
      </>
    );

  return (
    <Card>
      <div className="toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t("myFile.searchPlaceholder")}
          aria-label={t("myFile.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="toolbar__search"
          data-testid="note-search"
        />
        <Select<NoteSort>
          value={sort}
          aria-label={t("myFile.sortLabel")}
          onChange={(value) => update({ sort: value === "modified_desc" ? null : value, page: null })}
          options={NOTE_SORTS.map((value) => ({ value, label: t(`myFile.sort.${value}`) }))}
          className="toolbar__sort"
          popupMatchSelectWidth={false}
        />
        {data && data.total ? (
          <span className="muted toolbar__count">{t("myFile.total", { count: data.total })}</span>
        ) : null}
      </div>
      {body}
    </Card>
  );
}
