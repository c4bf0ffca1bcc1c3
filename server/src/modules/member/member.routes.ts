import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  checkCodeRequest,
  forgetRequest,
  loginRequest,
  modifyInfoRequest,
  registerRequest,
  sendCodeRequest,
} from "@beannote/contract";
import { ok } from "../../http/envelope";
import { languageOf } from "../../http/messages";
import type { AppDeps } from "../../http/app-deps";
import type { MemberService } from "./member.service";

const publicRoute = { public: true } as const;

export function memberRoutes(deps: AppDeps, members: MemberService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/captcha-new", { config: publicRoute }, async (request) =>
      ok(request, await members.newCaptcha({ ip: request.ip })),
    );

    app.post(
      "/member/send-code",
      { config: publicRoute, schema: { body: sendCodeRequest } },
      async (request) => {
        await members.sendCode(request.body, {
          ip: request.ip,
          language: languageOf(request.headers.language),
        });
        return ok(request, {});
      },
    );

    app.post(
      "/member/check-code",
      { config: publicRoute, schema: { body: checkCodeRequest } },
      async (request) => {
        await members.checkCode(request.body);
        return ok(request, { valid: true as const });
      },
    );

    app.post(
      "/member/register/email",
      { config: publicRoute, schema: { body: registerRequest } },
      async (request) => {
        const language = languageOf(request.headers.language) === "zh" ? "zh-CN" : "en-US";
        return ok(request, { token: await members.register(request.body, { language }) });
      },
    );

    app.put("/member/forget", { config: publicRoute, schema: { body: forgetRequest } }, async (request) => {
      await members.forget(request.body);
      return ok(request, {});
    });

    app.post(
      "/member/password-login",
      { config: publicRoute, schema: { body: loginRequest } },
      async (request) => ok(request, { token: await members.login(request.body, { ip: request.ip }) }),
    );

    app.get("/member/get-info", async (request) => ok(request, await members.getInfo(request.user.userId)));

    app.put("/member/modify-info", { schema: { body: modifyInfoRequest } }, async (request) =>
      ok(request, await members.modifyInfo(request.user.userId, request.body)),
    );

    // Logging out always ends the session, whatever body (or none) the client sends along.
    await app.register(async (anyBody) => {
      anyBody.removeAllContentTypeParsers();
      anyBody.addContentTypeParser("*", { parseAs: "buffer" }, (_request, _body, done) =>
        done(null, undefined),
      );
      anyBody.post("/member/logout", async (request) => {
        await deps.auth.revoke(request.user.tokenHash);
        return ok(request, {});
      });
    });
  };
}
