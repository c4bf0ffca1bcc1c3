import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

// This module's own URL is its real location: the build (server/scripts/build.ts) leaves `import.meta.url` alone
// here, while every other bundled module gets its source file's URL back. Under tsx it is this .ts file; in the
// built server it is the bundle in the output directory, where each worker entry is built as `<name>.js`.
const self = import.meta.url;
const built = !self.endsWith(".ts");

/**
 * The file a worker thread runs, given its TypeScript source (`new URL("./parse-worker.ts", import.meta.url)`):
 * that source when the server runs from TypeScript (tests, tsx), the built `<name>.js` beside the server bundle
 * when it runs as plain JavaScript. The build finds worker entries by the call `workerEntry(new URL("./x.ts",
 * import.meta.url))`, so write it that way, literally; a URL that is already JavaScript is returned as is.
 */
export function workerEntry(source: URL): URL {
  if (!built || !source.pathname.endsWith(".ts")) return source;
  return new URL(`./${path.basename(fileURLToPath(source), ".ts")}.js`, self);
}

/**
 * A TypeScript worker is started through a tiny ESM bootstrap that registers tsx inside the worker
 * (`execArgv: ["--import", "tsx"]` does not apply tsx to a worker's entry file on Node 20).
 */
export function workerSource(url: URL): string | URL {
  if (!url.pathname.endsWith(".ts")) return url;
  const tsxApi = pathToFileURL(
    createRequire(self)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  return `import(${JSON.stringify(tsxApi)}).then((m) => { (m.register ?? m.default.register)(); return import(${JSON.stringify(url.href)}); });`;
}

/** Starts a worker thread on `entry` (a URL from `workerEntry`, or a test's own), TypeScript or JavaScript alike. */
export function startWorker(entry: URL, options: Omit<WorkerOptions, "eval"> = {}): Worker {
  return new Worker(workerSource(entry), { ...options, eval: entry.pathname.endsWith(".ts") });
}

/** `node`'s arguments to run `entry` (from `workerEntry`) in a child process: through tsx when it is TypeScript. */
export function childProcessArgs(entry: URL): string[] {
  const file = fileURLToPath(entry);
  if (!entry.pathname.endsWith(".ts")) return [file];
  return ["--import", pathToFileURL(createRequire(self).resolve("tsx")).href, file];
}
