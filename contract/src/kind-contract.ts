/*
 * What an artefact kind (flashcards, quiz, slides, podcast, translation, mind map) declares in its own contract
 * file: its API paths, what /openapi.json says of its routes, its error codes and its Beancoin price. The
 * central lists (API_ROUTES in paths.ts, ERROR_STATUS in errors.ts, BEAN_ACTIONS and the prices in beans.ts, the
 * server's ROUTE_DOCS) are composed from the kinds listed in artefact-kinds.ts, never written out by hand.
 * This file imports nothing, so a kind's file and the central lists can all import it.
 */

/** What /openapi.json says of one route beyond its request and answer schemas (see the server's RouteDoc). */
export interface RouteSummary {
  readonly summary: string;
  /** The content types of a file the route answers as is (a JSON route declares its answer itself). */
  readonly files?: readonly string[];
}

/** One artefact kind's part of the contract. */
export interface KindContract {
  /** The kind's name (its server folder, its tab). */
  readonly name: string;
  /** Its API paths by name (fastify's `:param` syntax), spread into API_ROUTES. */
  readonly paths: Readonly<Record<string, string>>;
  /** Its routes by `METHOD /path` (a path of its own), described in /openapi.json. */
  readonly routes: Readonly<Record<string, RouteSummary>>;
  /** Its error codes with their HTTP status, spread into ERROR_STATUS (each needs its locale keys). */
  readonly errors: Readonly<Record<string, number>>;
  /** Its Beancoin price key with the default price (`{ quiz: 2 }`), a key of BEAN_COSTS; `{}`: free. */
  readonly price: Readonly<Record<string, number>>;
}

/** Declares a kind's contract, its names and paths kept as literal types (so `apiPath` checks parameters). */
export const defineKindContract = <const K extends KindContract>(kind: K): K => kind;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** The declarations of one field of several kinds, as one object type. */
export type Declared<
  Kinds extends readonly KindContract[],
  Field extends keyof KindContract,
> = UnionToIntersection<Kinds[number][Field]>;

/**
 * A central list: `base` (what belongs to no kind), then each kind's declarations of `field`, in the kinds'
 * order. A name declared twice (by two kinds, or by a kind and the base) is refused when the list is built.
 */
export function composed<
  Base extends object,
  Kinds extends readonly KindContract[],
  Field extends "paths" | "routes" | "errors" | "price",
>(base: Base, kinds: Kinds, field: Field): Base & Declared<Kinds, Field> {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const kind of kinds)
    for (const [key, value] of Object.entries(kind[field])) {
      if (key in out) throw new Error(`${kind.name}: ${field} "${key}" is declared twice`);
      out[key] = value;
    }
  return out as Base & Declared<Kinds, Field>;
}
