import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Import boundaries: contract imports nothing of ours; web never imports server.
const noImport = (patterns, message) => ({
  "no-restricted-imports": ["error", { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

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
    // Server layers: features (modules/) may import the folders below, never the other way round, and only the
    // composition root wires features together. Tests there may drive the whole server through a feature's helper.
    files: ["server/src/{jobs,http,engine,ingest,speech,render,storage,db,mail,media}/**"],
    ignores: ["**/*.test.ts"],
    rules: noImport(
      ["**/modules", "**/composition"],
      "jobs, http, engine, ingest, speech, render, storage, db, mail and media never import modules/ or composition/",
    ),
  },
);
