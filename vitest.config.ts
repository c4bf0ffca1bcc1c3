import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import web from "./web/vitest.config.ts";

/**
 * Server test files that hold the wall clock to a bound (a latency, a duration, two durations compared): they run
 * on their own after the others, one at a time, so that a neighbour's work is never what they measure.
 */
const SERVER_TIMED = [
  "server/src/engine/offline.test.ts", // a 400-page note in under 5 s
  "server/src/engine/fixtures.test.ts", // the 400-page manual's notes in under 5 s each
  "server/src/modules/flashcards/anki-package.test.ts", // 2,000 cards in under 3 s
  // The bound alone, in a file of its own; the rest of each suite (files, member, notes) runs with the others.
  "server/src/modules/files/files-latency.test.ts", // the API answers in under 1 s while two big files parse
  "server/src/modules/member/member-timing.test.ts", // a wrong password and an unknown account take the same time
  "server/src/modules/notes/notes-fairness.test.ts", // a file is read in under 10 s beside stalled generations
];

/** Server test files that mock a module (vi.mock): each runs with modules of its own, as WEB_MOCKING below. */
const SERVER_MOCKING = ["server/src/ingest/pdf-math/operations-once.test.ts"];

/** Web test files that mock a module (vi.mock) or replace a global: each runs with modules of its own. */
const WEB_MOCKING = [
  "src/app/query-client.test.tsx",
  "src/api/client.test.ts",
  "src/features/auth/CaptchaField.test.tsx",
  "src/features/notes/use-file-uploads.direct.test.ts",
  "src/features/quiz/QuizRunner.test.tsx",
];

const server = {
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // The 1 s default is too short on a busy 2-core CI machine.
  expect: { poll: { timeout: 10_000 } },
  pool: "forks",
  // A worker's files share its modules: the server's module graph (pdf.js, the language models, drizzle, fastify)
  // is loaded once per worker instead of once per file, which was a third of the server files' CPU time. Each
  // file still starts its own server, database and folders; spies and stubbed variables are undone after each.
  isolate: false,
  restoreMocks: true,
  unstubEnvs: true,
} as const;

export default defineConfig({
  test: {
    // Two files at a time even on 2 cores: a server file mostly waits (a server starting, a job, a child process,
    // LibreOffice), so a second one fills the gaps. Each file has its own server on port 0, its own database
    // (test-db.ts) and temporary folders; the timed ones run alone (SERVER_TIMED), the browser journeys too (e2e).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
          ...server,
          name: "server",
          include: ["server/src/**/*.test.ts", "server/test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...SERVER_TIMED, ...SERVER_MOCKING],
        },
      },
      { test: { ...server, name: "server-mocks", include: SERVER_MOCKING, isolate: true } },
      {
        test: {
          ...server,
          name: "server-timed",
          include: SERVER_TIMED,
          maxWorkers: 1,
          // After every file of the first group (contract, server, web) has ended.
          sequence: { groupOrder: 1 },
        },
      },
      // The web app's files share a worker's modules (antd, React, i18n: most of a jsdom file's cost); those that
      // mock a module or a global (WEB_MOCKING) have a fresh set each, since a mock cannot replace a module that an
      // earlier file has already loaded.
      {
        ...web,
        root: "./web",
        test: { ...web.test, isolate: false, exclude: [...configDefaults.exclude, ...WEB_MOCKING] },
      },
      { ...web, root: "./web", test: { ...web.test, name: "web-mocks", include: WEB_MOCKING } },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A browser, a server and a worker share 2 cores in CI: 1 s (the default) flakes.
          expect: { poll: { timeout: 15_000 } },
          // web/dist built (if out of date) and copied once for the whole run, not checked by every file.
          globalSetup: ["e2e/global-setup.ts"],
          // One journey at a time: two at once (maxWorkers 2) failed parse waits on a shared, loaded machine.
          fileParallelism: false,
          // The journeys' worker loads the server's modules once for all of them (each still starts its own stack).
          isolate: false,
        },
      },
    ],
  },
});
