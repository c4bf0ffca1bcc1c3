import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "../../test/test-db";
import { startTestServer, type TestServer } from "../../test/test-server";
import { seedNote } from "../../test/seed";
import { createTestUser } from "../modules/files/test-support";

interface Answer {
  http: number;
  headers: Headers;
  body: { status: number; code?: string; message: string; data: unknown };
}

describe.each(testDatabases)("HTTP edges on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: { userId: string; token: string };

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, { worker: { pollMs: 100 } });
    alice = await createTestUser(server.database.db);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  /** A request with exactly these headers and this raw body text (no JSON encoding added). */
  async function raw(
    method: string,
    path: string,
    options: { token?: string; body?: string; contentType?: string } = {},
  ): Promise<Answer> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(options.token ? { token: options.token } : {}),
        ...(options.contentType ? { "content-type": options.contentType } : {}),
      },
      body: options.body,
    });
    return {
      http: response.status,
      headers: response.headers,
      body: (await response.json()) as Answer["body"],
    };
  }
  const json = (method: string, path: string, body: unknown, token = alice.token) =>
    raw(method, path, { token, body: JSON.stringify(body), contentType: "application/json" });

  describe("text that cannot be stored (NUL, lone surrogates) is a 400 with a code, never a 500", () => {
    it("in ids of the path", async () => {
      for (const path of ["/note/%00", "/file/%00", "/job/%00", "/file/%00/preview"]) {
        const answer = await raw("GET", path, { token: alice.token });
        expect(answer, path).toMatchObject({ http: 400, body: { status: 400, code: "TEXT_INVALID" } });
      }
      for (const path of ["/note/abc", "/file/1", "/job/x"]) {
        const answer = await raw("GET", path, { token: alice.token });
        expect(answer, path).toMatchObject({ http: 400, body: { code: "ID_INVALID" } });
      }
      const unknown = await raw("GET", `/note/${randomUUID()}`, { token: alice.token });
      expect(unknown.body.code).toBe("NOT_FOUND");
    });

    it("in the search keyword, note title and markdown, nickname, file name and generation title", async () => {
      const { noteId, fileId } = await seedNote(server.database.db, alice.userId);
      const cases: [string, string, unknown][] = [
        ["GET", "/note/list?keyword=a%00b", undefined],
        ["PUT", `/note/${noteId}`, { title: "a\u0000b" }],
        ["PUT", `/note/${noteId}`, { markdown: "# T\n\nnul \u0000 here" }],
        ["PUT", "/member/modify-info", { nickname: "Li\u0000n" }],
        ["POST", "/file/upload-url", { fileName: "a\u0000.pdf", size: 10 }],
        [
          "POST",
          "/note/generate",
          { title: "x\u0000", outputLanguage: "en-US", detailLevel: "simple", fileIds: [fileId] },
        ],
        [
          "POST",
          "/note/generate",
          { title: "ok", outputLanguage: "en-US", detailLevel: "simple", fileIds: ["\u0000"] },
        ],
      ];
      for (const [method, path, body] of cases) {
        const answer =
          body === undefined
            ? await raw(method, path, { token: alice.token })
            : await json(method, path, body);
        expect(answer, `${method} ${path} ${JSON.stringify(body)}`).toMatchObject({
          http: 400,
          body: { status: 400, code: "TEXT_INVALID" },
        });
      }
      // A lone surrogate arrives as a JSON escape; a well-formed pair (an emoji) is fine.
      const lone = await raw("PUT", `/note/${noteId}`, {
        token: alice.token,
        body: '{"title":"bad \\ud800 half"}',
        contentType: "application/json",
      });
      expect(lone.body.code).toBe("TEXT_INVALID");
      const keyOnly = await raw("PUT", `/note/${noteId}`, {
        token: alice.token,
        body: '{"ti\\u0000tle":"x"}',
        contentType: "application/json",
      });
      expect(keyOnly.body.code).toBe("TEXT_INVALID");
      const emoji = await json("PUT", `/note/${noteId}`, { title: "Cells 🧬" });
      expect(emoji.body).toMatchObject({ status: 200, data: { title: "Cells 🧬" } });
    });
  });

  it("says TITLE_TOO_LONG (not TITLE_REQUIRED) for a 121-character title", async () => {
    const { noteId, fileId } = await seedNote(server.database.db, alice.userId);
    const long = "t".repeat(121);
    const generate = await json("POST", "/note/generate", {
      title: long,
      outputLanguage: "en-US",
      detailLevel: "simple",
      fileIds: [fileId],
    });
    expect(generate.body).toMatchObject({ status: 400, code: "TITLE_TOO_LONG" });
    expect((await json("PUT", `/note/${noteId}`, { title: long })).body.code).toBe("TITLE_TOO_LONG");
    expect((await json("PUT", `/note/${noteId}`, { title: "   " })).body.code).toBe("TITLE_REQUIRED");
    expect((await json("PUT", `/note/${noteId}`, { title: "t".repeat(120) })).body.status).toBe(200);
  });

  describe("calls that take no body accept none, an empty one and {}, whatever the content type", () => {
    const variants = [
      { label: "no body" },
      { label: "empty JSON", contentType: "application/json", body: "" },
      { label: "{}", contentType: "application/json", body: "{}" },
      { label: "empty text", contentType: "text/plain", body: "" },
      { label: "empty form", contentType: "application/x-www-form-urlencoded", body: "" },
    ];

    it("DELETE /note/:id, POST /note/:id/copy and /reset, POST /captcha-new", async () => {
      for (const variant of variants) {
        const { noteId } = await seedNote(server.database.db, alice.userId);
        const options = { token: alice.token, body: variant.body, contentType: variant.contentType };
        for (const [method, path] of [
          ["POST", `/note/${noteId}/reset`],
          ["POST", `/note/${noteId}/copy`],
          ["DELETE", `/note/${noteId}`],
          ["POST", "/captcha-new"],
        ] as const) {
          const answer = await raw(method, path, options);
          expect(answer.body, `${method} ${path} with ${variant.label}`).toMatchObject({ status: 200 });
        }
      }
    });

    it("POST /member/logout always ends the session", async () => {
      for (const variant of [
        ...variants,
        { label: "bad JSON", contentType: "application/json", body: "{oops" },
      ]) {
        const { token } = await createTestUser(server.database.db);
        const answer = await raw("POST", "/member/logout", { token, ...variant });
        expect(answer.body.status, variant.label).toBe(200);
        expect((await raw("GET", "/member/get-info", { token })).body.code, variant.label).toBe(
          "TOKEN_INVALID",
        );
      }
    });

    it("still refuses a body it cannot read on calls that take one", async () => {
      const bad = await raw("PUT", "/member/modify-info", {
        token: alice.token,
        body: "nickname=x",
        contentType: "text/plain",
      });
      expect(bad).toMatchObject({ http: 400, body: { status: 400, code: "BAD_REQUEST" } });
      const poisoned = await raw("PUT", "/member/modify-info", {
        token: alice.token,
        body: '{"__proto__":{"admin":true}}',
        contentType: "application/json",
      });
      expect(poisoned.body.code).toBe("BAD_JSON");
    });
  });

  describe("every error answers in the envelope with a code", () => {
    it("a malformed percent-escape, an unknown route, an overlong path parameter", async () => {
      for (const [path, code] of [
        ["/note/%C3%28", "BAD_REQUEST"],
        ["/note/%ED%A0%80", "BAD_REQUEST"],
        ["/no/such/route", "NOT_FOUND"],
        [`/note/${"a".repeat(5000)}`, "BAD_REQUEST"],
      ] as const) {
        const answer = await raw("GET", path, { token: alice.token });
        expect(answer.body, path).toMatchObject({ status: answer.http, code });
        expect(answer.headers.get("content-type"), path).toMatch(/^application\/json/);
      }
    });

    it("headers too large (431), answered before Fastify sees the request", async () => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${server.url}/config/web`, { headers: { "x-big": "a".repeat(40_000) } });
        req.on("response", (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end();
      });
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 431, code: "HEADERS_TOO_LARGE" });
    });

    it("sends Retry-After with a 429", async () => {
      const email = `lock${Date.now()}@example.edu`;
      let last: Answer | undefined;
      for (let i = 0; i < 6; i++) {
        last = await json("POST", "/member/password-login", { email, password: "wrong-pass-1" }, "");
      }
      expect(last).toMatchObject({ http: 429, body: { code: "LOGIN_BLOCKED" } });
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });
});
