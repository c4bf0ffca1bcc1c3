/**
 * Builds the server into plain JavaScript (`npm start` runs it with `node`, no TypeScript compiler at run time):
 *   node --import tsx server/scripts/build.ts [outDir]      (default server/dist)
 * One ESM bundle per entry, side by side in outDir: main.js and one `<name>.js` per worker thread entry, found
 * by their `workerEntry(new URL("./x.ts", import.meta.url))` calls (server/src/worker-entry.ts). Our code and
 * the contract are bundled; npm packages stay imports, resolved from server/node_modules and the root's as
 * before, so outDir must lie inside server/.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const srcDir = path.join(serverDir, "src");
export const defaultOutDir = path.join(serverDir, "dist");

const WORKER_ENTRY_CALL =
  /workerEntry\(\s*new URL\(\s*["'](\.{1,2}\/[^"']+\.ts)["']\s*,\s*import\.meta\.url\s*\)\s*\)/g;

/** The server's entry points: main.ts and every worker thread entry named through workerEntry(). */
export async function serverEntries(): Promise<string[]> {
  const entries = new Set([path.join(srcDir, "main.ts")]);
  const files = (await readdir(srcDir, { recursive: true })).filter(
    (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
  );
  for (const file of files) {
    const full = path.join(srcDir, file);
    const text = await readFile(full, "utf8");
    for (const match of text.matchAll(WORKER_ENTRY_CALL))
      entries.add(path.resolve(path.dirname(full), match[1]!));
  }
  const names = new Map<string, string>();
  for (const entry of entries) {
    const name = path.basename(entry, ".ts");
    const other = names.get(name);
    if (other) throw new Error(`two entries build to ${name}.js: ${other} and ${entry}; rename one`);
    names.set(name, entry);
  }
  return [...entries];
}

/**
 * Bundled modules find files next to their source (migrations, the web app, packages through createRequire)
 * by `import.meta.url`: each one gets its source file's URL back, written relative to the bundle so that the
 * checkout may move. Entries keep their own (main.ts compares it with argv[1]); so does worker-entry.ts, which
 * needs to know where the bundles are.
 */
function sourceUrls(outDir: string, entries: string[]): Plugin {
  const keep = new Set([...entries, path.join(srcDir, "worker-entry.ts")]);
  return {
    name: "source-urls",
    setup(esbuild) {
      // npm packages stay imports; our workspaces (the contract is TypeScript) are bundled.
      esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith("@beannote/") ? undefined : { path: args.path, external: true },
      );
      esbuild.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, "utf8");
        if (keep.has(args.path) || !text.includes("import.meta.url")) return { contents: text, loader: "ts" };
        const relative = path.relative(outDir, args.path).split(path.sep).join("/");
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: text.replaceAll("import.meta.url", url), loader: "ts" };
      });
    },
  };
}

/** Builds the server into `outDir`; returns the bundles' paths (main.js first). */
export async function buildServer(outDir = defaultOutDir): Promise<string[]> {
  outDir = path.resolve(outDir);
  const entries = await serverEntries();
  const result = await build({
    entryPoints: entries,
    outdir: outDir,
    entryNames: "[name]",
    // What a module loads with import() (the S3 client, …) is a chunk of its own, read only when asked for.
    // Chunks sit beside the entries: the source URLs written below are relative to outDir.
    splitting: true,
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    write: false,
    logLevel: "warning",
    plugins: [sourceUrls(outDir, entries)],
  });
  await mkdir(outDir, { recursive: true });
  // File by file through a rename: a server starting from outDir while another build runs reads whole files.
  for (const file of result.outputFiles) {
    const current = await readFile(file.path).catch(() => undefined);
    if (current?.equals(file.contents)) continue;
    const temporary = `${file.path}.${randomUUID()}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  // Chunks of earlier builds (named by their content's hash) are left behind by each change: remove them. A
  // running server has read its chunks at boot.
  const current = new Set(result.outputFiles.map((file) => path.basename(file.path)));
  for (const name of await readdir(outDir)) {
    if (/-[A-Z0-9]{8}\.js(\.map)?$/.test(name) && !current.has(name))
      await rm(path.join(outDir, name), { force: true });
  }
  return entries.map((entry) => path.join(outDir, `${path.basename(entry, ".ts")}.js`));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outputs = await buildServer(process.argv[2]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `server built in ${seconds} s: ${outputs.map((file) => path.relative(process.cwd(), file)).join(", ")}`,
  );
}
