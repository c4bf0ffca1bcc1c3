// Child process entry (see initPgliteInChild in client.ts): creates and migrates a new embedded database in the
// directory given, then exits, taking initdb's memory with it.
//   node pglite-init.js <dir>
import { initPglite } from "./client";

const dir = process.argv[2];
if (!dir) throw new Error("usage: pglite-init <dir>");
await initPglite(dir);
