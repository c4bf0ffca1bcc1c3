import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The Node versions we document (README) and declare (`engines`) must be ones every installed package supports:
// `npm ci` warns EBADENGINE otherwise (pdfjs-dist 6 wants Node ≥ 22.13).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const readJson = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), "utf8")) as {
    engines?: { node?: string };
    packages?: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
  };

type Version = [number, number, number];

function parse(v: string): { version: Version; given: number } {
  const parts = v.replace(/^v/, "").split(".");
  const nums = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  const given = nums.findIndex((n) => Number.isNaN(n));
  const count = given < 0 ? nums.length : given;
  return { version: [nums[0] || 0, count > 1 ? nums[1]! : 0, count > 2 ? nums[2]! : 0], given: count };
}

const cmp = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Enough of npm's range syntax for `engines.node` fields: `||`, `>=`, `>`, `<=`, `<`, `^`, `~`, `x`, `*`. */
function satisfies(version: string, range: string): boolean {
  const v = parse(version).version;
  return range.split("||").some((alt) => {
    const tokens = alt
      .replace(/([<>=^~]+)\s+/g, "$1")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return tokens.every((token) => {
      if (token === "*" || token === "x") return true;
      const [, op = "", rest = ""] = /^([<>=^~]*)(.*)$/.exec(token)!;
      const { version: r, given } = parse(rest);
      const upper = (level: number): Version =>
        level === 0 ? [r[0] + 1, 0, 0] : level === 1 ? [r[0], r[1] + 1, 0] : [r[0], r[1], r[2] + 1];
      switch (op) {
        case ">=":
          return cmp(v, r) >= 0;
        case ">":
          return given < 3 ? cmp(v, upper(given - 1)) >= 0 : cmp(v, r) > 0;
        case "<=":
          return given < 3 ? cmp(v, upper(given - 1)) < 0 : cmp(v, r) <= 0;
        case "<":
          return cmp(v, r) < 0;
        case "^":
          return cmp(v, r) >= 0 && cmp(v, upper(r[0] > 0 || given < 2 ? 0 : r[1] > 0 ? 1 : 2)) < 0;
        case "~":
          return cmp(v, r) >= 0 && cmp(v, upper(given < 2 ? 0 : 1)) < 0;
        default:
          return cmp(v, r) >= 0 && cmp(v, upper(Math.min(given, 3) - 1)) < 0;
      }
    });
  });
}

const declared = readJson("package.json").engines?.node ?? "";
/** The lowest version of each release line the range admits ("^22.13.0 || >=24" → 22.13.0, 24.0.0). */
const minimums = [...declared.matchAll(/(\d+)(?:\.(\d+))?(?:\.(\d+))?/g)].map(
  (m) => `${m[1]}.${m[2] ?? 0}.${m[3] ?? 0}`,
);

describe("Node version (engines and README)", () => {
  it("reads npm ranges", () => {
    expect(satisfies("22.13.0", ">=22.13.0 || >=24")).toBe(true);
    expect(satisfies("20.19.0", ">=22.13.0 || >=24")).toBe(false);
    expect(satisfies("24.0.0", "^20.19.0 || ^22.12.0 || >=24.0.0")).toBe(true);
    expect(satisfies("23.1.0", "^20.19.0 || ^22.12.0 || >=24.0.0")).toBe(false);
    expect(satisfies("22.13.0", "18 || 20 || >=22")).toBe(true);
    expect(satisfies("21.0.0", "18 || 20 || >=22")).toBe(false);
    expect(satisfies("22.13.0", ">= 0.8")).toBe(true);
    expect(satisfies("24.0.0", "^20.9.0")).toBe(false);
    expect(satisfies("22.13.0", ">=8.x")).toBe(true);
  });

  it("declares only LTS lines that are still supported (22, 24), the same in every workspace", () => {
    expect(minimums.map((v) => v.split(".")[0])).toEqual(["22", "24"]);
    for (const workspace of ["contract", "server", "web"])
      expect(readJson(`${workspace}/package.json`).engines?.node, workspace).toBe(declared);
    expect(readJson("package-lock.json").packages?.[""]?.engines).toEqual({ node: declared });
  });

  it("names the same versions in the README", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const [major22, major24] = minimums;
    expect(readme).toContain(`Node ${major22!.replace(/\.0$/, "")}+ or ${major24!.split(".")[0]}`);
    expect(readme).not.toMatch(/Node 20\.19\+/);
  });

  it("is supported by every installed package", () => {
    const lock = readJson("package-lock.json").packages ?? {};
    const unsupported: string[] = [];
    for (const [where, pkg] of Object.entries(lock)) {
      const range = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
      if (!where || !range || !existsSync(path.join(root, where))) continue; // not installed on this platform
      for (const version of minimums)
        if (!satisfies(version, range)) unsupported.push(`${where} (${range}) on ${version}`);
    }
    expect(unsupported).toEqual([]);
  });
});
