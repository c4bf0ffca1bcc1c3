import { Button, Empty, List, Skeleton, Tag, Typography } from "antd";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LedgerEntry } from "@beannote/contract/beans";
import { useLocale } from "../../i18n/locale-context";
import { errorMessage } from "../../i18n/error-message";
import { beansApi, beansKeys } from "./api";
import "./beans.css";

const PAGE_SIZE = 20;

function EntryTitle({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const action = entry.action ? t(`beans.actions.${entry.action}`) : null;
  if (entry.kind === "charge" && action) return <>{action}</>;
  if (entry.kind === "refund") return <>{t("recharge.refundOf", { action: action ?? "" })}</>;
  return <>{t(`recharge.kinds.${entry.kind}`)}</>;
}

/** The recharge centre's history: date, action, note, amount and whether a charge was refunded. */
export function LedgerList() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const query = useInfiniteQuery({
    queryKey: beansKeys.ledger(),
    queryFn: ({ pageParam }) => beansApi.ledger(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) return <Typography.Text type="danger">{errorMessage(query.error, t)}</Typography.Text>;
  const entries = query.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <Empty description={t("recharge.historyEmpty")} />;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      <List
        className="ledger"
        data-testid="ledger"
        dataSource={entries}
        rowKey={(entry) => entry.entryId}
        renderItem={(entry) => (
          <List.Item className="ledger__row" data-testid="ledger-row" data-kind={entry.kind}>
            <div className="ledger__main">
              <div className="ledger__title">
                <EntryTitle entry={entry} />
                {entry.refunded ? (
                  <Tag color="green" className="ledger__tag">
                    {t("recharge.refunded")}
                  </Tag>
                ) : null}
              </div>
              {entry.noteTitle ? (
                <div className="ledger__note">
                  {entry.noteId ? (
                    <Link to={`/subNote/pages/note?id=${encodeURIComponent(entry.noteId)}`}>
                      {entry.noteTitle}
                    </Link>
                  ) : (
                    <span className="muted">{t("recharge.noteDeleted", { title: entry.noteTitle })}</span>
                  )}
                </div>
              ) : null}
              <time className="ledger__date muted" dateTime={entry.createdAt}>
                {date.format(new Date(entry.createdAt))}
              </time>
            </div>
            <span className={`ledger__amount ${entry.amount < 0 ? "is-debit" : "is-credit"}`}>
              {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
            </span>
          </List.Item>
        )}
      />
      {query.hasNextPage ? (
        <Button block onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t("recharge.loadMore")}
        </Button>
      ) : null}
    </>
  );
}
