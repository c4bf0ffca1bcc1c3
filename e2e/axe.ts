import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { settled } from "./harness";

/** axe-core's browser bundle, read once per test file. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Finding {
  rule: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string; contrast?: string }[];
}

/**
 * Runs axe-core's WCAG 2 A and AA rules on the page as it is now and fails, listing each rule, the elements it
 * found (CSS selectors) and, for colour contrast, the colours and the ratio, when anything is found.
 * `screen` names the screen in that message. Call it where a journey already has the screen open: one run
 * costs a few hundred milliseconds.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Evaluated over the DevTools protocol rather than as a <script> tag, which the app's CSP would refuse.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // Colours are judged once transitions (fades, tab ink, drawers) have ended; endless spinners are skipped.
  await settled(page);
  const findings = await page.evaluate(async (): Promise<Finding[]> => {
    interface AxeNode {
      target: unknown[];
      failureSummary?: string;
      any: { id: string; data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
    }
    interface AxeResult {
      id: string;
      impact: string | null;
      help: string;
      nodes: AxeNode[];
    }
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
      resultTypes: ["violations"],
    });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => {
        const data = n.any.find((c) => c.id === "color-contrast")?.data;
        return {
          target: n.target.map(String).join(" >> "),
          summary: (n.failureSummary ?? "").replace(/\s+/g, " ").trim(),
          contrast: data?.contrastRatio
            ? `${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1`
            : undefined,
        };
      }),
    }));
  });
  if (!findings.length) return;
  const lines = findings.flatMap((f) => [
    `${f.rule} (${f.impact ?? "?"}): ${f.help}`,
    ...f.nodes.map((n) => `  ${n.target}  —  ${n.contrast ?? n.summary}`),
  ]);
  throw new Error(`axe found ${findings.length} WCAG 2 A/AA violation(s) on ${screen}:\n${lines.join("\n")}`);
}
