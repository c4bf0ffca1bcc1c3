import type { ModelClient } from "./model-client";

/*
 * An artefact's generator, declared in its kind's folder under engine/ (`engine/<kind>/generator.ts`): how the
 * offline engine writes it (no model) and how the LLM engine does (with the model client). The engines' artefact
 * methods (`engine.flashcards(req)`, …) are built from the generators listed in artefact-generators.ts, so
 * types.ts, offline.ts and llm.ts name no kind.
 */

/** One artefact's two writers: each takes the same request and gives the same kind of answer. */
export interface EngineGenerator<Req, Out> {
  offline(req: Req): Promise<Out>;
  llm(client: ModelClient, req: Req): Promise<Out>;
}

/** A generator of any request and answer (a list holds them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEngineGenerator = EngineGenerator<any, unknown>;

/** Generators by the Engine method they become. */
export type EngineGenerators = Readonly<Record<string, AnyEngineGenerator>>;

/** Declares one generator (its request and answer types checked on both writers). */
export const defineGenerator = <Req, Out>(generator: EngineGenerator<Req, Out>): EngineGenerator<Req, Out> =>
  generator;

/** The Engine methods a set of generators gives: each takes the generator's request. */
export type GeneratorMethods<G extends EngineGenerators> = {
  readonly [Method in keyof G]: G[Method] extends EngineGenerator<infer Req, infer Out>
    ? (req: Req) => Promise<Out>
    : never;
};

/** Generators of several kinds as one set; a method named twice is refused. */
export function composeGenerators<const Groups extends readonly EngineGenerators[]>(
  ...groups: Groups
): UnionToIntersection<Groups[number]> {
  const out: Record<string, AnyEngineGenerator> = {};
  for (const group of groups)
    for (const [method, generator] of Object.entries(group)) {
      if (method in out) throw new Error(`engine method "${method}" has two generators`);
      out[method] = generator;
    }
  return out as UnionToIntersection<Groups[number]>;
}

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** The offline engine's methods: each generator's offline writer. */
export function offlineMethods<G extends EngineGenerators>(generators: G): GeneratorMethods<G> {
  return Object.fromEntries(
    Object.entries(generators).map(([method, generator]) => [
      method,
      (req: unknown) => generator.offline(req),
    ]),
  ) as GeneratorMethods<G>;
}

/** The LLM engine's methods: each generator's LLM writer, on the engine's model client. */
export function llmMethods<G extends EngineGenerators>(
  generators: G,
  client: ModelClient,
): GeneratorMethods<G> {
  return Object.fromEntries(
    Object.entries(generators).map(([method, generator]) => [
      method,
      (req: unknown) => generator.llm(client, req),
    ]),
  ) as GeneratorMethods<G>;
}
