import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  API_ROUTES,
  apiRoutesOf,
  ARTEFACT_KIND_CONTRACTS,
  BEAN_ACTIONS,
  beanActionsOf,
  beanCostsOf,
  DEFAULT_BEAN_COSTS,
  defaultBeanCostsOf,
  defineKindContract,
  ERROR_STATUS,
  errorStatusOf,
  listPrice,
  type BeanAction,
  type BeanCosts,
} from "@beannote/contract";
import { describe, expect, it } from "vitest";
import {
  ARTEFACT_GENERATORS,
  composeGenerators,
  defineGenerator,
  llmMethods,
  offlineMethods,
  type ArtefactRequest,
  type NoteMaterial,
} from "../../engine";
import type { ModelClient } from "../../engine/model-client";
import { ROUTE_DOCS, routeDocsOf } from "../../http/openapi-routes";
import {
  artefactJobSpec,
  artefactPayload,
  defineArtefactJob,
  defineArtefactKind,
  type ArtefactWorkerDeps,
} from "./artefact-kind";
import { artefactKinds, kindCopiers, kindJobs, kindReleasers } from "./artefact-kinds";
import { registeredRoutes } from "./kind-test-support";

/*
 * A seventh artefact kind, sketched here as the files it would add (a glossary: its contract, its generator, its
 * kind object), and the lists every reader builds from: nothing central is edited, yet the API's paths, errors,
 * prices and route docs, the engines' methods, the routes, the worker's jobs, the note copier and the releasers
 * all pick it up once it is one more entry of the lists (ARTEFACT_KIND_CONTRACTS, ARTEFACT_GENERATORS,
 * artefactKinds). The files it adds and edits are listed in artefact-kinds.ts.
 */

// contract/src/glossary.ts
const glossaryContract = defineKindContract({
  name: "glossary",
  paths: { noteGlossary: "/note/:noteId/glossary" },
  routes: {
    "GET /note/:noteId/glossary": { summary: "The note's glossary" },
    "POST /note/:noteId/glossary": { summary: "Generate the glossary" },
  },
  errors: { GLOSSARY_EMPTY: 422 },
  price: { glossary: 1 },
});
// + one entry in contract/src/artefact-kinds.ts
const contracts = [...ARTEFACT_KIND_CONTRACTS, glossaryContract] as const;

// server/src/engine/glossary/generator.ts
const glossaryGenerators = {
  glossary: defineGenerator<ArtefactRequest, string[]>({
    offline: async (req) => req.material.sections.map((section) => section.heading),
    llm: async (client, req) => [`${client.contextTokens}: ${req.material.sections.length}`],
  }),
};
// + one entry in server/src/engine/artefact-generators.ts
const generators = composeGenerators(ARTEFACT_GENERATORS, glossaryGenerators);

// server/src/modules/glossary/glossary.kind.ts
const glossaryPrice = "glossary" as BeanAction; // a key of BEAN_COSTS once its contract is listed
const generateGlossaryJob = artefactJobSpec("glossary", artefactPayload, glossaryPrice);
const copied: string[] = [];
const glossaryKind = defineArtefactKind({
  name: "glossary",
  contract: glossaryContract,
  price: glossaryPrice,
  job: {
    spec: generateGlossaryJob,
    create: (deps: ArtefactWorkerDeps) =>
      defineArtefactJob({
        spec: generateGlossaryJob,
        notes: deps.notes,
        run: async ({ material }) => (deps.engine as unknown as typeof offline).glossary({ material }),
      }),
  },
  generate: { engine: glossaryGenerators },
  save: async () => {},
  present: (terms: string[]) => terms,
  copy: async (_tx, from, to) => void copied.push(`${from}→${to}`),
  release: () => async () => async () => {},
  routes: () => async (app) => {
    app.get(glossaryContract.paths.noteGlossary, async () => ({ status: 200, message: "", data: [] }));
    app.post(glossaryContract.paths.noteGlossary, async () => ({ status: 200, message: "", data: null }));
  },
});
// + one entry in server/src/modules/artefacts/artefact-kinds.ts
const kinds = [...artefactKinds, glossaryKind];

const offline = offlineMethods(generators);
const material = { sections: [{ heading: "Entropy" }, { heading: "Heat" }] } as unknown as NoteMaterial;

describe("a seventh artefact kind", () => {
  it("brings its paths, error codes, price and route docs into the central lists", () => {
    expect(apiRoutesOf(contracts)).toEqual({ ...API_ROUTES, noteGlossary: "/note/:noteId/glossary" });
    expect(errorStatusOf(contracts)).toEqual({ ...ERROR_STATUS, GLOSSARY_EMPTY: 422 });
    expect(beanActionsOf(contracts)).toEqual([...BEAN_ACTIONS.slice(0, -1), "glossary", "question"]);
    const costs = defaultBeanCostsOf(contracts);
    expect(costs).toEqual({ ...DEFAULT_BEAN_COSTS, glossary: 1 });
    expect(beanCostsOf(contracts).parse(costs)).toEqual(costs);
    expect(beanCostsOf(contracts).safeParse(DEFAULT_BEAN_COSTS).success).toBe(false);
    expect(listPrice(costs as BeanCosts, glossaryPrice)).toBe(1);
    expect(routeDocsOf(contracts)).toEqual({ ...ROUTE_DOCS, ...glossaryContract.routes });
  });

  it("may not declare what is already declared (a path name, an error code, a price key, a route)", () => {
    const clash = (part: object) => [...ARTEFACT_KIND_CONTRACTS, { ...glossaryContract, ...part }] as const;
    expect(() => apiRoutesOf(clash({ paths: { noteFlashcards: "/x" } }))).toThrow(/noteFlashcards/);
    expect(() => apiRoutesOf(clash({ paths: { note: "/x" } }))).toThrow(/"note"/);
    expect(() => errorStatusOf(clash({ errors: { QUIZ_EMPTY: 422 } }))).toThrow(/QUIZ_EMPTY/);
    expect(() => errorStatusOf(clash({ errors: { NOT_FOUND: 404 } }))).toThrow(/NOT_FOUND/);
    expect(() => defaultBeanCostsOf(clash({ price: { podcast: 1 } }))).toThrow(/podcast/);
    expect(() => defaultBeanCostsOf(clash({ price: { question: 1 } }))).toThrow(/question/);
    expect(() => routeDocsOf(clash({ routes: { "GET /quizzes": { summary: "x" } } }))).toThrow(
      /GET \/quizzes/,
    );
    expect(() => composeGenerators(ARTEFACT_GENERATORS, { quiz: glossaryGenerators.glossary })).toThrow(
      /quiz/,
    );
  });

  it("is written by both engines, through its generator", async () => {
    expect(await offline.glossary({ material })).toEqual(["Entropy", "Heat"]);
    const client = { contextTokens: 8192 } as unknown as ModelClient;
    expect(await llmMethods(generators, client).glossary({ material })).toEqual(["8192: 2"]);
    // the six kinds' methods are still there
    for (const method of Object.keys(ARTEFACT_GENERATORS))
      expect(typeof offline[method as "quiz"]).toBe("function");
  });

  it("has its routes registered, its job run, its copy taken and its objects released", async () => {
    const routes = await registeredRoutes(kinds);
    expect(routes).toEqual(expect.arrayContaining(Object.keys(glossaryContract.routes)));
    // every route registered is described by the composed ROUTE_DOCS (openapi.test asserts it of the real list)
    const docs = routeDocsOf(contracts);
    expect(routes.filter((route) => !docs[route])).toEqual([]);

    const workerDeps = { engine: offline, notes: {} } as unknown as ArtefactWorkerDeps;
    const jobs = kindJobs(workerDeps, kinds);
    expect(jobs.map((job) => job.name)).toEqual([
      ...kindJobs(workerDeps).map((job) => job.name),
      "glossary.generate",
    ]);
    expect(jobs.at(-1)!.maxAttempts).toBe(3);

    const copiers = kindCopiers(kinds);
    expect(copiers).toEqual([...kindCopiers(), glossaryKind.copy]);
    await copiers.at(-1)!({} as never, "a", "b", "u");
    expect(copied).toEqual(["a→b"]);

    const deps = {} as Parameters<typeof kindReleasers>[0];
    expect(kindReleasers(deps, kinds)).toHaveLength(kindReleasers(deps).length + 1);
  });

  it("the six kinds are laid out as the list of files says", () => {
    const root = join(import.meta.dirname, "../../../..");
    const has = (path: string) => existsSync(join(root, path));
    for (const kind of artefactKinds) {
      expect(has(`server/src/modules/${kind.name}/${kind.name}.kind.ts`), kind.name).toBe(true);
      expect(has(`contract/src/${kind.name}.ts`), kind.name).toBe(true);
      expect(has(`web/src/features/${kind.name}`), kind.name).toBe(true);
      if ("engine" in kind.generate)
        expect(has(`server/src/engine/${kind.name}/generator.ts`), kind.name).toBe(true);
    }
  });
});
