import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import i18next from "i18next";
import { ApiError } from "./api-error";
import { languageHeader, request } from "./client";
import { setToken } from "./session-storage";

const ok = (data: unknown) => new Response(JSON.stringify({ status: 200, message: "ok", data }));

describe("API client", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeAll(() => i18next.init({ lng: "en-US", resources: {} }));
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockReset();
    setToken(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("sends the headers of spec §3, the token in both places", async () => {
    setToken("tok123");
    await i18next.changeLanguage("zh-hk");
    fetchMock.mockImplementation(() => Promise.resolve(ok({ a: 1 })));
    await expect(request("GET", "/member/get-info")).resolves.toEqual({ a: 1 });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers).toMatchObject({
      language: "zh",
      channel: "web",
      version: "1.0.1",
      deviceType: "2",
      token: "tok123",
      Authorization: "Bearer tok123",
    });
    await i18next.changeLanguage("fr-FR");
    await request("GET", "/x");
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>).language).toBe("en");
  });

  it("sends zh for Chinese locales, en for the rest", () => {
    expect(languageHeader("zh-hk")).toBe("zh");
    expect(languageHeader("zh-CN")).toBe("zh");
    expect(languageHeader("ja-JP")).toBe("en");
  });

  it("rejects any body whose status is not 200, keeping its code", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 401, message: "no", data: {}, code: "LOGIN_FAILED" }), {
        status: 401,
      }),
    );
    const error = await request("POST", "/member/password-login", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "LOGIN_FAILED" });
    // A 200 HTTP response with a non-200 body status is still an error.
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ status: 500, message: "x", data: null })));
    await expect(request("GET", "/config/web")).rejects.toMatchObject({ status: 500 });
  });

  it("turns a timeout into transport error 5", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const pending = request("GET", "/member/get-info").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(await pending).toMatchObject({ transport: "timeout", transportCode: 5 });
  });

  it("turns a caller's abort into transport error 600003", async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const controller = new AbortController();
    const pending = request("GET", "/x", { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ transport: "abort", transportCode: 600003 });
  });
});
