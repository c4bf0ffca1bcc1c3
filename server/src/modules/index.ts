import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../http/app";
import { webConfigRoutes } from "./web-config/web-config.routes";
import { memberRoutes } from "./member/member.routes";
import { createMemberService } from "./member/member.service";
import { portraitRoutes, portraitUrl } from "./portrait/portrait.routes";

/** Each feature registers its own routes; add yours here. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const members = createMemberService({
    db: deps.db,
    mailer: deps.mailer,
    auth: deps.auth,
    captcha: deps.captcha,
    captchaRequired: deps.config.CAPTCHA === "on",
    startingBeans: deps.config.STARTING_BEANS,
    iconUrl: (iconKey) => portraitUrl(deps.config.PUBLIC_URL, iconKey),
  });
  await api.register(webConfigRoutes(deps));
  await api.register(memberRoutes(deps, members));
  await api.register(portraitRoutes(deps));
}
