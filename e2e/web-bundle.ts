import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

declare module "vitest" {
  export interface ProvidedContext {
    /** web/dist as built once for this run by e2e/global-setup.ts, copied where no other build can change it. */
    webDist?: string;
  }
}

function newestMtime(target: string): number {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds web/dist when it is missing or older than any web or contract source. */
export function ensureWebBuilt(): void {
  if (process.env.E2E_WEB_DIST) return; // a prebuilt bundle, passed to the server as WEB_DIST
  const index = path.join(repoRoot, "web/dist/index.html");
  const sources = ["web/src", "web/index.html", "web/vite.config.ts", "web/public", "contract/src"].map((p) =>
    path.join(repoRoot, p),
  );
  const newestSource = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource) return;
  execFileSync("npm", ["run", "build", "-w", "web"], { cwd: repoRoot, stdio: "inherit" });
}
