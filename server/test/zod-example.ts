import { randomUUID } from "node:crypto";

/* eslint-disable @typescript-eslint/no-explicit-any -- reads zod's internal definitions */

/** Picks the value of an id-like field (`noteId`, `fileIds`, …); undefined leaves the choice to the example. */
export type IdFor = (field: string) => string | undefined;

interface Def {
  type: string;
  [key: string]: any;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Record<string, any>[] =>
  ((def.checks ?? []) as { _zod: { def: Record<string, any> } }[]).map((check) => check._zod.def);

/** Known patterns of the contract's string checks, with a value that matches each. */
const PATTERN_EXAMPLES: [RegExp, string][] = [
  [/\\d\{6\}/, "123456"],
  [/\\d\+/, "123456789"],
];

function stringExample(def: Def, field: string, idFor: IdFor): string {
  const checks = checksOf(def);
  const formats = [def.format, ...checks.map((check) => check.format)].filter(Boolean) as string[];
  if (formats.includes("uuid") || /Id$/.test(field)) return idFor(field) ?? randomUUID();
  if (formats.includes("email")) return "student@example.edu";
  const pattern = checks.find((check) => check.format === "regex")?.pattern as RegExp | undefined;
  if (pattern) {
    const known = PATTERN_EXAMPLES.find(([source]) => source.test(pattern.source));
    if (known) return known[1];
  }
  const min = Math.max(1, ...checks.filter((check) => check.check === "min_length").map((c) => c.minimum));
  const max = Math.min(...checks.filter((check) => check.check === "max_length").map((c) => c.maximum));
  const length = Number.isFinite(max) ? Math.min(Math.max(min, 5), max) : Math.max(min, 5);
  return "Ab1cd".repeat(Math.ceil(length / 5)).slice(0, length);
}

function numberExample(def: Def): number {
  const checks = checksOf(def);
  const low = checks.find((check) => check.check === "greater_than");
  const high = checks.find((check) => check.check === "less_than");
  let value = low ? low.value + (low.inclusive ? 0 : 1) : 1;
  if (high && value > high.value) value = high.value - (high.inclusive ? 0 : 1);
  return value;
}

/**
 * A small valid value for a zod schema of the contract (required fields only; ids from `idFor`), so that
 * route-walking tests can reach a handler through its validation. Throws for what it cannot build, naming it.
 */
export function exampleOf(schema: unknown, idFor: IdFor = () => undefined, field = ""): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        const inner = defOf(value).type;
        if (inner === "optional" || inner === "default" || inner === "prefault") continue;
        out[key] = exampleOf(value, idFor, key);
      }
      return out;
    }
    case "string":
      return stringExample(def, field, idFor);
    case "number":
      return numberExample(def);
    case "boolean":
      return false;
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "array": {
      const min = Math.max(
        1,
        ...checksOf(def)
          .filter((c) => c.check === "min_length")
          .map((c) => c.minimum),
      );
      const singular = field.endsWith("s") ? field.slice(0, -1) : field;
      return Array.from({ length: min }, () => exampleOf(def.element, idFor, singular));
    }
    case "union":
      return exampleOf((def.options as unknown[])[0], idFor, field);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return exampleOf(def.innerType, idFor, field);
    case "pipe":
      // `z.string().trim().pipe(z.email())`: the checks that matter are on the way out.
      return defOf(def.out).type === "transform"
        ? exampleOf(def.in, idFor, field)
        : exampleOf(def.out, idFor, field);
    case "record":
      return {};
    case "any":
    case "unknown":
      return {};
    case "null":
      return null;
    default:
      throw new Error(`no example for a zod ${def.type} (field "${field}")`);
  }
}
