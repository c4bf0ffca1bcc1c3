/**
 * A stand-in parse worker for parser-pool tests (injected through `workerUrl`): files named
 * "crash" kill the thread, "hang" never answer, "oom" allocate without bound; others parse normally.
 */
import { parentPort } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { parseFile } from "./parse-file";
import type { ParseRequest } from "./parse-worker";

const port = parentPort!;
port.postMessage({ ready: true });
port.on("message", (req: ParseRequest) => {
  if (req.filePath.endsWith("crash")) {
    setImmediate(() => {
      throw new Error("boom");
    });
    return;
  }
  if (req.filePath.endsWith("hang")) {
    for (;;) {
      // a parser stuck in a loop
    }
  }
  if (req.filePath.endsWith("oom")) {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array<number>(1_000_000).fill(1));
  }
  void readFile(req.filePath)
    .then((data) => parseFile(data, req.fileName))
    .then(
      (doc) => port.postMessage({ id: req.id, ok: true, doc }),
      (err: { code?: string }) =>
        port.postMessage({ id: req.id, ok: false, code: err.code ?? "FILE_CORRUPT" }),
    );
});
