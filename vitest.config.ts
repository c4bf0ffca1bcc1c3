import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contract",
          include: ["contract/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["server/src/**/*.test.ts", "server/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The 1 s default is too short on a busy 2-core CI machine.
          expect: { poll: { timeout: 10_000 } },
          pool: "forks",
        },
      },
      "web/vitest.config.ts",
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A browser, a server and a worker share 2 cores in CI: 1 s (the default) flakes.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
