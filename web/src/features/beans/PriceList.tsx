import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { BEAN_ACTIONS, type BeanAction } from "@beannote/contract/beans";
import { usePrices } from "./use-prices";
import "./beans.css";

const EXAMPLE_PAGES = 20;

/** Every paid action and what this student pays for it (the discount applied once approved). */
export function PriceList() {
  const { t } = useTranslation();
  const prices = usePrices();
  if (!prices.enabled || !prices.costs || !prices.ready) return null;
  const costs = prices.costs;
  const row = (action: BeanAction) => {
    // A note's price grows with its pages: show the rule, then what a 20-page note costs this student.
    const price = prices.price(action, action === "note" ? EXAMPLE_PAGES : 0)!;
    return { pay: String(price.pay), list: String(price.list) };
  };
  return (
    <div className="price-list" data-testid="price-list">
      {prices.isStudent ? (
        <Tag color="gold" className="price-list__badge">
          {t("beans.studentPriceHint", { percent: prices.discountPercent })}
        </Tag>
      ) : null}
      <dl>
        {BEAN_ACTIONS.map((action) => {
          const { pay, list } = row(action);
          return (
            <div key={action} className="price-list__row" data-testid={`price-${action}`}>
              <dt>
                {t(`beans.actions.${action}`)}
                {action === "note" ? (
                  <div className="muted price-list__rule">
                    {t("beans.notePrice", {
                      base: costs.noteBase,
                      perTen: costs.notePer10Pages,
                      pages: EXAMPLE_PAGES,
                    })}
                  </div>
                ) : null}
              </dt>
              <dd>
                {pay !== list ? <s className="muted">{list}</s> : null} <strong>{pay}</strong>
              </dd>
            </div>
          );
        })}
        <div className="price-list__row">
          <dt>{t("beans.export")}</dt>
          <dd>
            <strong>{t("beans.free")}</strong>
          </dd>
        </div>
      </dl>
    </div>
  );
}
