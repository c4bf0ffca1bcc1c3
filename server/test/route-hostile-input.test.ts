import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases, type TestDatabase } from "./test-db";
import type { TestServer } from "./test-server";
import { exampleOf } from "./zod-example";
import { fillPath, startWalkedServer, walkUser, type WalkedRoute } from "./route-walk";

/** Path segments, already percent-encoded; `unstorable` ones must be refused with a 400. */
const HOSTILE_SEGMENTS: { label: string; raw: string; unstorable?: boolean }[] = [
  { label: "NUL", raw: "%00", unstorable: true },
  { label: "NUL inside", raw: "abc%00def", unstorable: true },
  { label: "lone surrogate bytes", raw: "%ED%A0%80", unstorable: true },
  { label: "malformed escape", raw: "%C3%28", unstorable: true },
  { label: "RTL override", raw: "%E2%80%AEfdp.exe" },
  { label: "10,000 characters", raw: "a".repeat(10_000) },
  { label: "dot segments", raw: "..%2F..%2Fetc%2Fpasswd" },
  { label: "emoji", raw: "%F0%9F%A7%AC" },
];

/** Values for one field of a JSON body or query; `unstorable` ones must be refused with a 400. */
const HOSTILE_VALUES: { label: string; value: unknown; unstorable?: boolean }[] = [
  { label: "NUL", value: "a\u0000b", unstorable: true },
  { label: "lone surrogate", value: "bad \ud800 half", unstorable: true },
  { label: "RTL override", value: "\u202Efdp.exe" },
  { label: "10,000 characters", value: "x".repeat(10_000) },
  { label: "number", value: 12345 },
  { label: "null", value: null },
  { label: "array", value: [] },
  { label: "object", value: {} },
];

/** Query values, already percent-encoded; `unstorable` ones must be refused with a 400. */
const HOSTILE_QUERY: { label: string; raw: string; unstorable?: boolean }[] = [
  { label: "NUL", raw: "a%00b", unstorable: true },
  { label: "lone surrogate bytes", raw: "%ED%A0%80" },
  { label: "malformed escape", raw: "%C3%28" },
  { label: "RTL override", raw: "%E2%80%AEfdp.exe" },
  { label: "10,000 characters", raw: "x".repeat(10_000) },
  { label: "wrong type", raw: "not-a-number" },
];

/** Whole bodies, as sent; none may take the server down. */
const HOSTILE_BODIES: { label: string; text: string; type?: string }[] = [
  { label: "no body", text: "" },
  { label: "empty JSON", text: "", type: "application/json" },
  { label: "{}", text: "{}", type: "application/json" },
  { label: "empty text", text: "", type: "text/plain" },
  { label: "array", text: "[]", type: "application/json" },
  { label: "string", text: '"text"', type: "application/json" },
  { label: "number", text: "42", type: "application/json" },
  { label: "null", text: "null", type: "application/json" },
  { label: "bad JSON", text: "{oops", type: "application/json" },
  { label: "proto", text: '{"__proto__":{"polluted":true}}', type: "application/json" },
  { label: "deep", text: "[".repeat(5000) + "]".repeat(5000), type: "application/json" },
  { label: "NUL key", text: '{"a\\u0000":1}', type: "application/json" },
  { label: "form", text: "a=1", type: "application/x-www-form-urlencoded" },
];

/** Fields of an object schema, required and optional (the hostile value goes into each in turn). */
function fieldsOf(schema: unknown): string[] {
  let def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
  while (def.innerType) def = (def.innerType as { _zod: { def: Record<string, unknown> } })._zod.def;
  return def.shape ? Object.keys(def.shape as object) : [];
}

/**
 * Sends every route hostile params, query values, body fields and whole bodies: none may answer 5xx, every
 * refusal is the envelope with a code, and text that cannot be stored is a 400.
 */
describe.each(testDatabases)("hostile input to every route on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let routes: WalkedRoute[];

  beforeAll(async () => {
    database = await kind.create();
    ({ server, routes } = await startWalkedServer(database));
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("never answers 5xx, refuses in the envelope, and refuses unstorable text with 400", async () => {
    const wrong: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const user = await walkUser(server.database.db);
      // A token per route, renewed after any call that may have ended it (a logout, an account change).
      let token = await user.freshToken();
      const base = fillPath(route);
      const body = route.schema.body ? (exampleOf(route.schema.body) as Record<string, unknown>) : undefined;
      const send = async (label: string, url: string, text?: string, type?: string, mustRefuse = false) => {
        sent++;
        const answer = await server.app.inject({
          method: route.method as "GET",
          url,
          headers: { ...(route.public ? {} : { token }), ...(type ? { "content-type": type } : {}) },
          payload: text,
        });
        if (route.method !== "GET" && answer.statusCode < 300) token = await user.freshToken();
        const where = `${route.key} ${label}`;
        // 501 is an expected answer (a feature the server lacks), not a fault.
        if (answer.statusCode >= 500 && answer.statusCode !== 501) {
          wrong.push(`${where}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
        } else if (answer.statusCode >= 400) {
          const envelope = answer.headers["content-type"]?.toString().startsWith("application/json")
            ? (answer.json() as { status?: number; code?: string })
            : undefined;
          if (!envelope || envelope.status !== answer.statusCode || !envelope.code) {
            wrong.push(`${where}: not the envelope: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
          }
        }
        if (mustRefuse && answer.statusCode !== 400) {
          wrong.push(`${where}: expected 400, got ${answer.statusCode} ${answer.body.slice(0, 160)}`);
        }
      };

      const segments = base.split("/");
      for (const param of route.params) {
        const at = route.url.split("/").indexOf(`:${param}`);
        for (const segment of HOSTILE_SEGMENTS) {
          const url = segments.map((part, i) => (i === at ? segment.raw : part)).join("/");
          await send(`:${param} = ${segment.label}`, url, undefined, undefined, segment.unstorable);
        }
      }

      if (route.schema.querystring) {
        const example = exampleOf(route.schema.querystring) as Record<string, unknown>;
        for (const field of fieldsOf(route.schema.querystring)) {
          const others = Object.entries(example)
            .filter(([key]) => key !== field)
            .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}&`)
            .join("");
          for (const hostile of HOSTILE_QUERY) {
            const url = `${base}?${others}${encodeURIComponent(field)}=${hostile.raw}`;
            await send(`?${field} = ${hostile.label}`, url, undefined, undefined, hostile.unstorable);
          }
        }
      }

      if (route.method === "GET") continue;
      for (const whole of HOSTILE_BODIES) {
        // Only a route that reads JSON must refuse a NUL key (logout and the raw upload ignore the text).
        const mustRefuse = whole.label === "NUL key" && route.schema.body !== undefined;
        await send(`body ${whole.label}`, base, whole.text || undefined, whole.type, mustRefuse);
      }
      if (!body || typeof body !== "object") continue;
      for (const field of fieldsOf(route.schema.body)) {
        for (const hostile of HOSTILE_VALUES) {
          const text = JSON.stringify({ ...body, [field]: hostile.value });
          await send(`.${field} = ${hostile.label}`, base, text, "application/json", hostile.unstorable);
        }
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(wrong).toEqual([]);
  });
});
