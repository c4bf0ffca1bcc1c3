import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureWebBuilt, repoRoot } from "./web-bundle";

/**
 * Once per run, before any browser journey: builds web/dist if a web or contract source is newer, and copies it
 * where the run's servers serve it from. Every file's server then serves the same bundle, a file no longer
 * rebuilds it when a source changed during the run, and a build started elsewhere meanwhile (which empties
 * web/dist) cannot pull the files from under a running journey.
 */
export default function setup(project: TestProject): () => void {
  if (process.env.E2E_WEB_DIST) return () => undefined; // a prebuilt bundle, served as it is
  ensureWebBuilt();
  const copy = mkdtempSync(path.join(tmpdir(), "beannote-e2e-web-"));
  cpSync(path.join(repoRoot, "web/dist"), copy, { recursive: true });
  project.provide("webDist", copy);
  return () => rmSync(copy, { recursive: true, force: true });
}
