import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@beannote/contract/errors";
import { LOCALES, detectLocale, matchLocale } from "./locales";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../contract/locales");
type Tree = { [key: string]: string | Tree };
const read = (locale: string): Tree =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), "utf8")) as Tree;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

/**
 * Keys whose English text may stay as it is in other languages: product and format names, e-mail
 * placeholders, "Email" (used as is in many languages). Everything else must be translated.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  "app.name",
  "route.index",
  "auth.fields.email",
  "auth.fields.emailPlaceholder",
  "settings.email",
  "feedback.email",
  "nav.feedback",
  "route.feedback",
  "common.ok",
  "about.appVersion",
  "about.clientVersion",
  "flashcards.interval.minutes",
  "podcast.player.pause", // "Pause" in German and French too
]);

const en = flatten(read("en-US"));
const zh = flatten(read("zh-CN"));

describe("locale files", () => {
  it("exist for exactly the 14 locales of the spec", () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  it("zh-CN and en-US have the same keys", () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("translate every error code the server can send", () => {
    for (const code of ERROR_CODES) expect(en.has(`errors.code.${code}`), code).toBe(true);
  });

  for (const locale of LOCALES.filter((l) => l !== "en-US")) {
    describe(locale, () => {
      const messages = flatten(read(locale));
      it("has every key of en-US and zh-CN, and no others", () => {
        const missing = [...new Set([...en.keys(), ...zh.keys()])].filter((k) => !messages.has(k));
        const extra = [...messages.keys()].filter((k) => !en.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });
      it("keeps the placeholders of en-US", () => {
        const wrong = [...en].filter(([k, v]) => {
          const mine = messages.get(k);
          return mine !== undefined && placeholders(mine).join() !== placeholders(v).join();
        });
        expect(wrong.map(([k]) => k)).toEqual([]);
      });
      it("has no English left over", () => {
        const english = [...en]
          .filter(
            ([k, v]) => !SAME_AS_ENGLISH_ALLOWED.has(k) && messages.get(k) === v && /[A-Za-z]{2}/.test(v),
          )
          .map(([k]) => k);
        expect(english).toEqual([]);
      });
      it("has no empty strings", () => {
        expect([...messages].filter(([, v]) => v.trim() === "").map(([k]) => k)).toEqual([]);
      });
    });
  }
});

describe("locale detection", () => {
  it("prefers the stored choice", () => {
    expect(detectLocale("ja-JP", ["de-DE"])).toBe("ja-JP");
  });
  it("maps the browser language to the nearest locale", () => {
    expect(detectLocale(null, ["zh-TW"])).toBe("zh-hk");
    expect(detectLocale(null, ["zh"])).toBe("zh-CN");
    expect(detectLocale(null, ["pt-PT"])).toBe("pt-BR");
    expect(detectLocale(null, ["sr-Latn-RS"])).toBe("sr");
    expect(detectLocale(null, ["xx", "fr-CA"])).toBe("fr-FR");
    expect(matchLocale("en_GB")).toBe("en-US");
  });
  it("falls back to en-US", () => {
    expect(detectLocale("nonsense", ["xx-YY"])).toBe("en-US");
  });
});
