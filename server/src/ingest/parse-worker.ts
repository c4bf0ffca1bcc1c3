/**
 * Worker thread entry of the parse threads (the thread itself is `parse-thread.ts`).
 *
 * pdf.js's legacy build replaces `Array.prototype.push` with a slower JavaScript version when it loads, and
 * `native-array-push` can only put the native one back if it reads it first. A bundle evaluates every static
 * import (pdf.js, which the build leaves outside it) before its own code, so the built thread read pdf.js's
 * version and parsed a quarter slower than under tsx: the thread is loaded behind a dynamic import, after the
 * native method has been read, under tsx and in `server/dist` alike.
 */
import "./native-array-push";

export type { ParseReply, ParseRequest } from "./parse-thread";

await import("./parse-thread");
