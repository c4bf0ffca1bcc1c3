import { useTranslation } from "react-i18next";
import logoUrl from "../assets/logo.svg";

export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`brand${compact ? " brand--compact" : ""}`}>
      <img src={logoUrl} alt="" className="brand__logo" width={32} height={32} />
      {compact ? null : <span className="brand__name">{t("app.name")}</span>}
    </div>
  );
}
