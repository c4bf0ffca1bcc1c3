import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installSecurityHeaders, securityHeaders } from "./security-headers";

const options = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", "http://bucket:9000"] },
  },
  crossOriginEmbedderPolicy: false,
} as const;

describe("security headers", () => {
  it("are helmet's, worked out once, with the given CSP", () => {
    const headers = new Map(securityHeaders(options));
    expect(headers.get("Content-Security-Policy")).toContain("connect-src 'self' http://bucket:9000");
    expect(headers.get("Content-Security-Policy")).toContain("object-src 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
    expect(headers.has("Cross-Origin-Embedder-Policy")).toBe(false);
  });

  it("are on every answer: a route, an unknown path, a thrown error", async () => {
    const app = Fastify();
    installSecurityHeaders(app, options);
    app.get("/ok", async () => ({ ok: true }));
    app.get("/boom", async () => {
      throw new Error("boom");
    });
    for (const [url, status] of [
      ["/ok", 200],
      ["/missing", 404],
      ["/boom", 500],
    ] as const) {
      const answer = await app.inject({ url });
      expect([url, answer.statusCode]).toEqual([url, status]);
      expect(answer.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(answer.headers["x-content-type-options"], url).toBe("nosniff");
      expect(answer.headers["referrer-policy"], url).toBe("no-referrer");
    }
    await app.close();
  });
});
