import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTE_DOCS } from "./openapi-routes.js";

/** `npm run dev` serves the web app from Vite, which forwards only the prefixes it lists to the API. */
describe("the web dev server's API proxy", () => {
  it("forwards every API route's first path segment", () => {
    const config = readFileSync(new URL("../../../web/vite.config.ts", import.meta.url), "utf8");
    const listed = config.match(/const API_PREFIXES = \[([^\]]*)\]/)?.[1] ?? "";
    const proxied = [...listed.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const prefixes = new Set(Object.keys(ROUTE_DOCS).map((key) => key.split(" ")[1]!.match(/^\/[^/]+/)![0]));
    const missing = [...prefixes].filter((prefix) => !proxied.some((p) => prefix.startsWith(p)));
    expect(missing).toEqual([]);
  });
});
