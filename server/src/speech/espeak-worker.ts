import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

/** A request to the worker: espeak-ng's command-line arguments (they write `out.wav`). */
export interface EspeakTask {
  id: number;
  args: string[];
}
export type EspeakReply = { ready: true } | { id: number; wav: Uint8Array } | { id: number; error: string };

// The emscripten file system builds thousands of ErrnoErrors while it unpacks espeak-ng's data on every
// run; their stack traces were a third of each call. This thread runs nothing else.
Error.stackTraceLimit = 0;

interface EspeakModule {
  FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
}
type EspeakFactory = (options: Record<string, unknown>) => Promise<EspeakModule>;
/** The part of the WebAssembly API used here (the server's TypeScript libs carry no DOM types). */
interface WasmApi {
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: unknown }>;
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
interface EspeakExports {
  memory: { buffer: ArrayBuffer };
  malloc(size: number): number;
  free(pointer: number): void;
  __main_argc_argv(argc: number, argv: number): number;
}

const port = parentPort!;
const wasm = await Wasm.compile(
  await readFile(createRequire(import.meta.url).resolve("espeak-ng/dist/espeak-ng.wasm")),
);
const { default: ESpeakNg } = (await import("espeak-ng")) as unknown as { default: EspeakFactory };
const encoder = new TextEncoder();
/** Runs of one instance before it is replaced (a safety margin; memory stays flat in practice). */
const RUNS_PER_INSTANCE = 500;

/** A fresh instance of the program; `arguments` given runs its main once at start. */
async function instantiate(args?: string[]) {
  let exports: EspeakExports | undefined;
  const module = await ESpeakNg({
    ...(args ? { arguments: args } : { noInitialRun: true }),
    instantiateWasm(imports: object, done: (instance: object, module: object) => void) {
      void Wasm.instantiate(wasm, imports).then((created) => {
        exports = created.exports as EspeakExports;
        done(created, wasm);
      });
      return {};
    },
    print() {},
    printErr() {},
  });
  return { module, exports: exports! };
}

/**
 * One espeak-ng program kept across lines: unpacking its 18 MB of voice data takes ~0.2 s per instance,
 * its main ~20 ms per line. Its main can run again once getopt's `optind` is set back to 0, which musl
 * reads as "start over"; optind is found by running main twice and watching which word of memory counts
 * the parsed arguments. Every line passes the same options, so no other option state carries over.
 */
async function reusableProgram() {
  const { module, exports } = await instantiate();
  const main = (args: string[]): number => {
    const all = ["espeak-ng", ...args];
    const strings = all.map((arg) => {
      const bytes = encoder.encode(`${arg}\0`);
      const at = exports.malloc(bytes.length);
      new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
      return at;
    });
    const argv = exports.malloc(4 * (strings.length + 1));
    const table = new Uint32Array(exports.memory.buffer, argv, strings.length + 1);
    strings.forEach((at, i) => (table[i] = at));
    table[strings.length] = 0;
    try {
      return exports.__main_argc_argv(strings.length, argv);
    } finally {
      strings.forEach((at) => exports.free(at));
      exports.free(argv);
    }
  };
  const words = () => new Int32Array(exports.memory.buffer);
  const before = words().slice();
  main(["-w", "out.wav", "x"]);
  let found: number[] = [];
  const afterFirst = words();
  for (let i = 0; i < before.length; i++) if (before[i] === 1 && afterFirst[i] === 3) found.push(i);
  for (const i of found) words()[i] = 0;
  main(["-v", "en", "-w", "out.wav", "x"]);
  found = found.filter((i) => words()[i] === 5);
  if (found.length !== 1) return undefined;
  const optind = found[0]!;
  let runs = 0;
  return {
    get worn() {
      return runs >= RUNS_PER_INSTANCE;
    },
    run(args: string[]): Uint8Array {
      runs++;
      words()[optind] = 0;
      main(args);
      const wav = module.FS.readFile("out.wav");
      module.FS.unlink("out.wav");
      return wav;
    },
  };
}

let program: Awaited<ReturnType<typeof reusableProgram>> | undefined;
let reusable = true;

/** One run of espeak-ng: on the kept program when it could be set up, else on a fresh instance. */
async function run(args: string[]): Promise<Uint8Array> {
  if (reusable && (!program || program.worn)) {
    program = await reusableProgram();
    if (!program) reusable = false;
  }
  if (program) {
    try {
      return program.run(args);
    } catch (error) {
      program = undefined; // a crashed instance is never reused
      throw error;
    }
  }
  const { module } = await instantiate(args);
  return module.FS.readFile("out.wav");
}

port.on("message", (task: EspeakTask) => {
  run(task.args).then(
    (wav) => port.postMessage({ id: task.id, wav } satisfies EspeakReply, [wav.buffer as ArrayBuffer]),
    (error: unknown) => port.postMessage({ id: task.id, error: String(error) } satisfies EspeakReply),
  );
});
port.postMessage({ ready: true } satisfies EspeakReply);
