import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Import boundaries: contract imports nothing of ours; web never imports server.
const noImport = (patterns, message) => ({
  "no-restricted-imports": ["error", { patterns: patterns.map((group) => ({ group: [group], message })) }],
});
// Several boundaries on the same files (a later block's rule replaces an earlier one's): [patterns, message]…
const noImports = (...rules) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: rules.flatMap(([patterns, message]) =>
        patterns.map((group) => ({ group: [group], message })),
      ),
    },
  ],
});
const webNotServer = [
  ["@beannote/server", "@beannote/server/*", "**/server/src/**"],
  "web never imports server",
];
const webNotApp = [
  ["../app", "../app/*", "../../app/*", "../../../app/*"],
  "only app/ composes the web app: api, i18n, components, features and pages never import it",
];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "server/drizzle/**", "screenshots/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["contract/**"],
    rules: noImport(
      ["@beannote/*", "../../server/*", "../../web/*", "**/server/**", "**/web/**"],
      "contract depends on zod alone",
    ),
  },
  {
    files: ["web/**"],
    rules: noImport(
      ["@beannote/server", "@beannote/server/*", "**/server/src/**"],
      "web never imports server",
    ),
  },
  {
    // Web layers: app/ → pages → features → api, i18n, components; i18n/ reads api/'s errors, so api/ never
    // imports i18n/ (its language header reads i18next itself).
    files: ["web/src/{i18n,components,features,pages}/**"],
    rules: noImports(webNotServer, webNotApp),
  },
  {
    files: ["web/src/api/**"],
    rules: noImports(webNotServer, webNotApp, [["../i18n", "../i18n/*"], "api/ never imports i18n/"]),
  },
  {
    // Server layers: features (modules/) may import the folders below, never the other way round, and only the
    // composition root wires features together. Tests there may drive the whole server through a feature's helper.
    files: ["server/src/{jobs,http,engine,ingest,speech,render,storage,db,mail,media}/**"],
    ignores: ["**/*.test.ts"],
    rules: noImport(
      ["**/modules", "**/composition"],
      "jobs, http, engine, ingest, speech, render, storage, db, mail and media never import modules/ or composition/",
    ),
  },
  {
    // An artefact kind takes only its type and shared job machinery from modules/artefacts (artefact-kind.ts);
    // the list of kinds imports the kinds, never the other way round. Every feature folder is held to it, so a
    // new kind's folder is without being named here.
    files: ["server/src/modules/**"],
    ignores: ["server/src/modules/artefacts/**"],
    rules: noImport(
      ["../artefacts/artefact-kinds", "../artefacts/artefact-copiers"],
      "a kind imports only artefact-kind.ts from modules/artefacts (the list imports the kinds)",
    ),
  },
);
