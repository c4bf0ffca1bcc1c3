/**
 * Render thread entry: builds exports (DOCX, the PDF's HTML page) and derives mind maps off the server's
 * event loop, one task per message. Message in: RenderRequest. Message out: RenderReply.
 */
import { parentPort } from "node:worker_threads";
import { renderTasks, type RenderKind, type RenderTasks } from "./render-tasks";

export type RenderRequest = {
  [K in RenderKind]: { id: number; kind: K; input: RenderTasks[K]["input"] };
}[RenderKind];
export type RenderReply =
  | { id: number; ok: true; value: RenderTasks[RenderKind]["output"] }
  | { id: number; ok: false; detail: string }
  | { ready: true };

const port = parentPort;
if (!port) throw new Error("render-worker must run in a worker thread");

port.on("message", (req: RenderRequest) => {
  void (renderTasks[req.kind] as (input: unknown) => Promise<RenderTasks[RenderKind]["output"]>)(
    req.input,
  ).then(
    (value) => port.postMessage({ id: req.id, ok: true, value } satisfies RenderReply),
    (err: unknown) =>
      port.postMessage({
        id: req.id,
        ok: false,
        detail: String((err as Error)?.stack ?? err),
      } satisfies RenderReply),
  );
});
port.postMessage({ ready: true } satisfies RenderReply);
