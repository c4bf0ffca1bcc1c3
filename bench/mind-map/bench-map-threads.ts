/**
 * Mind maps of large notes in render threads (`node --import tsx bench/mind-map/bench-map-threads.ts`): three
 * successive maps of the 400-page note's detailed offline note through the server's render pool, each after the
 * pool's idle window has passed (`--idle-ms`, default 3000: a user opening maps minutes apart), with the time
 * of each map, the process's RSS after it and how many threads were started — whether a thread's NLP models are
 * loaded again for every map. Then the same map in the main thread, its models loaded, for comparison.
 */
import { buildMindMap, noteMaterial } from "../../server/src/engine";
import { nlpReady } from "../../server/src/engine/nlp";
import { createRenderPool } from "../../server/src/modules/export/render-pool";
import { studyNotes } from "../study-notes";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const idleMs = arg("idle-ms", 3000);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

for await (const { file, outputLanguage, doc, markdown } of studyNotes()) {
  if (!file.startsWith("en-large")) continue;
  const pool = createRenderPool({ idleMs });
  const input = { noteId: "bench", title: doc.title || file, markdown, outputLanguage, sources: [doc] };
  globalThis.gc?.();
  console.log(
    `${file}: note ${markdown.length} chars; RSS before ${mib(process.memoryUsage().rss)}, idle window ${idleMs} ms`,
  );
  for (let run = 1; run <= 3; run++) {
    const started = performance.now();
    const map = await pool.run("mind-map", input, "bench");
    const ms = performance.now() - started;
    const { threads, starts } = pool.stats();
    console.log(
      `  map ${run}: ${ms.toFixed(0)} ms, ${map.root.children.length} top branches; RSS ${mib(process.memoryUsage().rss)}; threads alive ${threads}, started ${starts}`,
    );
    await new Promise((resolve) => setTimeout(resolve, idleMs + 1500));
  }
  console.log(
    `  after the last idle window: RSS ${mib(process.memoryUsage().rss)}, threads alive ${pool.stats().threads}`,
  );
  await pool.close();
  // the same map in this thread, its models loaded: what a thread spends beyond loading them
  let started = performance.now();
  await nlpReady("en");
  console.log(
    `  main thread: models loaded in ${(performance.now() - started).toFixed(0)} ms; RSS ${mib(process.memoryUsage().rss)}`,
  );
  for (let run = 1; run <= 2; run++) {
    started = performance.now();
    buildMindMap(noteMaterial(input), "bench");
    console.log(
      `  main thread map ${run}: ${(performance.now() - started).toFixed(0)} ms; RSS ${mib(process.memoryUsage().rss)}`,
    );
  }
}
