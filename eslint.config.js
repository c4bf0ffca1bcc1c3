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
);
