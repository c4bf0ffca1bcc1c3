import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  API_ROUTES,
  captchaNewResponse,
  checkCodeRequest,
  checkCodeResponse,
  emptyData,
  forgetRequest,
  loginRequest,
  memberInfo,
  modifyInfoRequest,
  okResponse,
  registerRequest,
  sendCodeRequest,
  tokenResponse,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import { languageOf } from "../../http/messages";
import type { AppDeps } from "../../http/app-deps";
import type { MemberService } from "./member.service";
import type { AuthService } from "../auth/auth.service";

const publicRoute = { public: true } as const;

export function memberRoutes(
  deps: AppDeps & { auth: Pick<AuthService, "revoke"> },
  members: MemberService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      API_ROUTES.captchaNew,
      { config: publicRoute, schema: { response: okResponse(captchaNewResponse) } },
      async (request) => ok(request, await members.newCaptcha({ ip: request.ip })),
    );

    app.post(
      API_ROUTES.memberSendCode,
      { config: publicRoute, schema: { body: sendCodeRequest, response: okResponse(emptyData) } },
      async (request) => {
        await members.sendCode(request.body, {
          ip: request.ip,
          language: languageOf(request.headers.language),
        });
        return ok(request, {});
      },
    );

    app.post(
      API_ROUTES.memberCheckCode,
      { config: publicRoute, schema: { body: checkCodeRequest, response: okResponse(checkCodeResponse) } },
      async (request) => {
        await members.checkCode(request.body);
        return ok(request, { valid: true as const });
      },
    );

    app.post(
      API_ROUTES.memberRegister,
      { config: publicRoute, schema: { body: registerRequest, response: okResponse(tokenResponse) } },
      async (request) => {
        const language = languageOf(request.headers.language) === "zh" ? "zh-CN" : "en-US";
        return ok(request, { token: await members.register(request.body, { language }) });
      },
    );

    app.put(
      API_ROUTES.memberForget,
      { config: publicRoute, schema: { body: forgetRequest, response: okResponse(emptyData) } },
      async (request) => {
        await members.forget(request.body);
        return ok(request, {});
      },
    );

    app.post(
      API_ROUTES.memberLogin,
      { config: publicRoute, schema: { body: loginRequest, response: okResponse(tokenResponse) } },
      async (request) => ok(request, { token: await members.login(request.body, { ip: request.ip }) }),
    );

    app.get(API_ROUTES.memberInfo, { schema: { response: okResponse(memberInfo) } }, async (request) =>
      ok(request, await members.getInfo(request.user.userId)),
    );

    app.put(
      API_ROUTES.memberModifyInfo,
      { schema: { body: modifyInfoRequest, response: okResponse(memberInfo) } },
      async (request) => ok(request, await members.modifyInfo(request.user.userId, request.body)),
    );

    // Logging out always ends the session, whatever body (or none) the client sends along.
    await app.register(async (anyBody) => {
      anyBody.removeAllContentTypeParsers();
      anyBody.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _body, done) =>
        done(null, undefined),
      );
      anyBody.post(
        API_ROUTES.memberLogout,
        { schema: { response: okResponse(emptyData) } },
        async (request) => {
          await deps.auth.revoke(request.user.tokenHash);
          return ok(request, {});
        },
      );
    });
  };
}
