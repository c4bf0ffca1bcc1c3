import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import en from "@beannote/contract/locales/en-US.json";
import zh from "@beannote/contract/locales/zh-CN.json";
import {
  CAPTCHA_TEXT,
  expectToast,
  chooseOption,
  newContext,
  registerByApi,
  startStack,
  uniqueEmail,
  type Stack,
} from "./harness";
import { expectAccessible } from "./axe";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

async function openPage(options: Parameters<typeof newContext>[1] = {}) {
  const context = await newContext(stack, options);
  return { context, page: await context.newPage() };
}

describe("start-up rules", () => {
  it("sends a visitor without a token to the login page", async () => {
    const { context, page } = await openPage();
    await page.goto("/pages/index");
    await page.waitForURL("**/pages/login");
    await page.getByRole("tab", { name: en.auth.tabs.login }).waitFor();
    await page.goto("/");
    await page.locator("#login_email").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await expectAccessible(page, "the login page");
    await context.close();
  });

  it("sends a visitor with a valid token from the login page to the home page", async () => {
    const email = uniqueEmail("valid");
    const token = await registerByApi(stack, email, "Valid12345");
    const { context, page } = await openPage({ token });
    await page.goto("/pages/login");
    await page.waitForURL("**/pages/index");
    const greeting = await page.getByTestId("greeting").textContent();
    expect(greeting).toMatch(/^Hello, \S+/);
    await context.close();
  });

  it("resets the session when the stored token is rejected", async () => {
    const { context, page } = await openPage({ token: "not-a-real-token", width: 390 });
    await page.goto("/subOthers/pages/setting");
    await page.waitForURL("**/pages/login");
    await page.locator("#login_email").waitFor();
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, "the login page on a phone");
    await context.close();
  });
});

describe("account journeys", () => {
  const email = uniqueEmail("journey");
  const password = "Journey123";
  const newPassword = "Renewed456";

  it("registers through the UI with the captcha and the mailed code", async () => {
    const { context, page } = await openPage();
    await page.goto("/pages/login");
    await page.getByRole("tab", { name: en.auth.tabs.register }).click();
    await page.locator("#register_email").fill(email);
    await page.getByTestId("captcha-image").waitFor();

    // Inline validation before anything is sent.
    await page.getByRole("button", { name: en.auth.actions.sendCode }).click();
    await page.getByText(en.auth.validation.captchaRequired).waitFor();
    await expectAccessible(page, "the register form with an error");

    await page.locator("#register_captchaCode").fill(CAPTCHA_TEXT);
    await page.getByRole("button", { name: en.auth.actions.sendCode }).click();
    await expectToast(page, en.auth.success.codeSent);
    await page.getByRole("button", { name: /Resend in \d+ s/ }).waitFor();
    const code = await stack.smtp.waitForCode(email, 1);

    await page.locator("#register_code").fill(code);
    await page.locator("#register_password").fill(password);
    await page.locator("#register_confirmPassword").fill("Different1");
    await page.getByRole("button", { name: en.auth.actions.register }).click();
    await page.getByText(en.auth.validation.passwordMismatch).waitFor();

    await page.locator("#register_confirmPassword").fill(password);
    await page.getByRole("button", { name: en.auth.actions.register }).click();
    await expectToast(page, en.auth.success.register);
    await page.waitForURL("**/pages/index");
    expect(await storedToken(page)).toBeTruthy();
    await page.getByRole("button", { name: en.home.create.title }).waitFor();
    await expectAccessible(page, "the home page");
    await context.close();
  });

  it("logs out after confirmation", async () => {
    const { context, page } = await openPage();
    await loginThroughUi(page, email, password);
    await page.goto("/subOthers/pages/setting");
    await page.getByRole("button", { name: en.settings.logout }).click();
    const dialog = page.locator(".ant-modal-confirm");
    await dialog.locator(".ant-modal-confirm-title", { hasText: en.settings.logoutConfirmTitle }).waitFor();
    await expectAccessible(page, "the logout confirmation");
    await dialog.getByRole("button", { name: en.settings.logout }).click();
    await page.waitForURL("**/pages/login");
    await expectToast(page, en.settings.loggedOut);
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });

  it("rejects a wrong password inline, then logs in", async () => {
    const { context, page } = await openPage();
    await page.goto("/pages/login");
    await page.locator("#login_email").fill(email);
    await page.locator("#login_password").fill("Wrong12345");
    await page.getByRole("button", { name: en.auth.actions.login, exact: true }).click();
    await page.getByText(en.errors.code.LOGIN_FAILED).waitFor();
    await expectAccessible(page, "the login form with an error");
    await page.locator("#login_password").fill(password);
    await page.getByRole("button", { name: en.auth.actions.login, exact: true }).click();
    await page.waitForURL("**/pages/index");
    await context.close();
  });

  it("resets a forgotten password in three steps", async () => {
    const { context, page } = await openPage();
    await page.goto("/pages/login");
    await page.locator("#login_email").fill(email);
    await page.getByRole("button", { name: en.auth.actions.forgot }).click();
    await page.waitForURL(/mode=forgot/);
    expect(await page.locator("#forgot_email").inputValue()).toBe(email);
    await page.getByTestId("captcha-image").waitFor();
    await expectAccessible(page, "the password reset, step 1");
    await page.locator("#forgot_captchaCode").fill(CAPTCHA_TEXT);
    await resendWindowPasses(email);
    const sentBefore = stack.smtp.mailsTo(email).length;
    await page.getByRole("button", { name: en.auth.actions.next }).click();
    const code = await stack.smtp.waitForCode(email, sentBefore + 1);

    await page.locator("#forgot_code").fill("000000" === code ? "111111" : "000000");
    await page.getByRole("button", { name: en.auth.actions.next }).click();
    await page.getByText(en.errors.code.CODE_INVALID).waitFor();
    await expectAccessible(page, "the password reset, step 2 with an error");
    await page.locator("#forgot_code").fill(code);
    await page.getByRole("button", { name: en.auth.actions.next }).click();

    await page.locator("#forgot_password").fill("short");
    await page.locator("#forgot_confirmPassword").fill("short");
    await page.getByRole("button", { name: en.auth.actions.resetPassword }).click();
    await page.getByText(en.auth.validation.passwordRule).waitFor();
    await expectAccessible(page, "the password reset, step 3 with an error");
    await page.locator("#forgot_password").fill(newPassword);
    await page.locator("#forgot_confirmPassword").fill(newPassword);
    await page.getByRole("button", { name: en.auth.actions.resetPassword }).click();
    await expectToast(page, en.auth.success.reset);
    await page.locator("#login_email").waitFor();

    await page.locator("#login_password").fill(newPassword);
    await page.getByRole("button", { name: en.auth.actions.login, exact: true }).click();
    await page.waitForURL("**/pages/index");
    await context.close();
  });

  it("changes the nickname, the avatar and the language", async () => {
    const own = uniqueEmail("settings");
    await registerByApi(stack, own, password);
    const { context, page } = await openPage();
    await loginThroughUi(page, own, password);
    await page.goto("/subOthers/pages/setting");

    // Nickname
    await page.getByRole("button", { name: en.settings.editNickname }).click();
    const modal = page.locator(".ant-modal").filter({ hasText: en.settings.editNickname });
    await modal.locator("input").fill("");
    await modal.getByRole("button", { name: en.common.save }).click();
    await modal.getByText(en.settings.nicknameRequired).waitFor();
    await expectAccessible(page, "the nickname dialog with an error");
    await modal.locator("input").fill("Marie Curie");
    await modal.getByRole("button", { name: en.common.save }).click();
    await expectToast(page, en.settings.nicknameSaved);
    await page.getByTestId("nickname-value").filter({ hasText: "Marie Curie" }).waitFor();

    // Avatar: pick a landscape picture, crop it square, upload.
    const picture = await sharp({ create: { width: 600, height: 300, channels: 3, background: "#e4572e" } })
      .png()
      .toBuffer();
    await page
      .locator(".avatar-uploader input[type=file]")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
    const crop = page.locator(".ant-modal").filter({ hasText: en.settings.crop.title });
    await crop.getByTestId("avatar-crop-viewport").locator("img").waitFor();
    await expectAccessible(page, "the avatar crop dialog");
    await crop.getByRole("button", { name: en.settings.crop.confirm }).click();
    await expectToast(page, en.settings.avatarSaved);
    const avatar = page.locator(".avatar-uploader img");
    await avatar.waitFor();
    const src = await avatar.getAttribute("src");
    expect(src).toBeTruthy();
    const served = await page.request.get(new URL(src!, stack.server.url).toString());
    expect(served.status()).toBe(200);
    const size = await sharp(await served.body()).metadata();
    expect(size.width).toBe(size.height);

    // Language: applies at once, is stored, survives a reload and changes the language header.
    await page.waitForLoadState("networkidle");
    await chooseOption(page, page.getByTestId("language-select"), "简体中文");
    await expectToast(page, zh.settings.languageSaved); // said in the language just chosen
    await page
      .locator(".nav-bar__title")
      .filter({ hasText: zh.route.setting })
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: "/tmp/lang-fail.png" });
        throw error;
      });
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("zh-CN");
    const infoRequest = page.waitForRequest((r) => r.url().endsWith("/member/get-info"));
    await page.reload();
    expect((await infoRequest).headers()["language"]).toBe("zh");
    await page.getByRole("button", { name: zh.settings.logout }).waitFor();
    await expectAccessible(page, "the settings page in zh-CN");
    const info = await stack.server.call<{ nickname: string; language: string }>("GET", "/member/get-info", {
      token: (await storedToken(page)) ?? "",
    });
    expect(info.body.data).toMatchObject({ nickname: "Marie Curie", language: "zh-CN" });
    await context.close();
  });
});

/** Stands in for the one-minute resend window passing (the server throttles codes per e-mail). */
const resendWindowPasses = (email: string) =>
  stack.server.database.db.execute(
    sql`update throttle_events set created_at = now() - interval '61 seconds' where key = ${email}`,
  );

async function loginThroughUi(page: Page, email: string, password: string) {
  await page.goto("/pages/login");
  await page.locator("#login_email").fill(email);
  await page.locator("#login_password").fill(password);
  await page.getByRole("button", { name: en.auth.actions.login, exact: true }).click();
  await page.waitForURL("**/pages/index");
}
