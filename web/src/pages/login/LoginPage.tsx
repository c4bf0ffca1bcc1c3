import { Button, Card, Tabs, Typography } from "antd";
import { ArrowLeftOutlined, CheckCircleFilled } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Brand } from "../../components/Brand";
import { LanguageSelect } from "../../features/account/LanguageSelect";
import { ForgotPasswordForm } from "../../features/auth/ForgotPasswordForm";
import { LoginForm } from "../../features/auth/LoginForm";
import { RegisterForm } from "../../features/auth/RegisterForm";
import "./login.css";

type Mode = "login" | "register" | "forgot";
const asMode = (value: string | null): Mode => (value === "register" || value === "forgot" ? value : "login");

/** Entry page (`/` and `/pages/login`): log in, sign up, or reset a password; `?mode=` picks one. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode = asMode(params.get("mode"));
  const email = params.get("email") ?? undefined;
  const go = (next: Mode, nextEmail?: string) => {
    const query: Record<string, string> = next === "login" ? {} : { mode: next };
    if (nextEmail) query.email = nextEmail;
    setParams(query, { replace: next !== "forgot" });
  };

  return (
    <div className="login-page">
      <section className="login-page__hero">
        <Brand />
        <h2 className="login-page__tagline">{t("app.tagline")}</h2>
        <ul className="login-page__features">
          {(["notes", "cards", "languages"] as const).map((key) => (
            <li key={key}>
              <CheckCircleFilled /> {t(`app.features.${key}`)}
            </li>
          ))}
        </ul>
      </section>
      <section className="login-page__panel">
        <div className="login-page__top">
          <LanguageSelect size="middle" />
        </div>
        <Card className="login-card" variant="borderless">
          {mode === "forgot" ? (
            <>
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                onClick={() => go("login", email)}
                className="login-card__back"
              >
                {t("auth.actions.backToLogin")}
              </Button>
              <Typography.Title level={3}>{t("auth.forgot.title")}</Typography.Title>
              <ForgotPasswordForm initialEmail={email} onDone={(done) => go("login", done)} />
            </>
          ) : (
            <>
              <Typography.Title level={3} className="login-card__title">
                {t("auth.welcome")}
              </Typography.Title>
              <Tabs
                activeKey={mode}
                onChange={(key) => go(asMode(key))}
                items={[
                  {
                    key: "login",
                    label: t("auth.tabs.login"),
                    children: (
                      <LoginForm initialEmail={email} onForgot={(e) => go("forgot", e || undefined)} />
                    ),
                  },
                  { key: "register", label: t("auth.tabs.register"), children: <RegisterForm /> },
                ]}
              />
            </>
          )}
          <Typography.Paragraph type="secondary" className="login-card__note">
            {t("auth.agreement")}
          </Typography.Paragraph>
        </Card>
      </section>
    </div>
  );
}
