import { Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import type { BeanAction } from "@beannote/contract/beans";
import { usePrices } from "./use-prices";
import "./beans.css";

interface Props {
  action: BeanAction;
  /** Pages of the sources (note generation). */
  pages?: number;
  className?: string;
}

/** What an action costs, shown beside the button that starts it (nothing when the server does not charge). */
export function CostHint({ action, pages, className }: Props) {
  const { t } = useTranslation();
  const prices = usePrices();
  const price = prices.price(action, pages);
  if (!price) return null;
  const classes = ["cost-hint", className].filter(Boolean).join(" ");
  if (price.pay === 0) {
    return (
      <span className={classes} data-testid={`cost-${action}`}>
        {t("beans.free")}
      </span>
    );
  }
  return (
    <span className={classes} data-testid={`cost-${action}`} data-cost={price.pay}>
      <span className="cost-hint__coin" aria-hidden>
        ●
      </span>
      {t("beans.cost", { count: price.pay })}
      {price.pay < price.list ? (
        <Tooltip title={t("beans.studentPriceHint", { percent: prices.discountPercent })}>
          <span className="cost-hint__discount">
            <s>{price.list}</s> {t("beans.studentPrice")}
          </span>
        </Tooltip>
      ) : null}
    </span>
  );
}
