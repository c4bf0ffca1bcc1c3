import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** The Beancoin balance, linking to the recharge centre. */
export function BeancoinBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Link to="/subOthers/pages/recharge" className="beancoin-badge" title={t("settings.beancoins")}>
      <span className="beancoin-badge__coin" aria-hidden>
        ●
      </span>
      {t("home.balance", { count })}
    </Link>
  );
}
