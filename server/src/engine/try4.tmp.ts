import { readFileSync } from "node:fs";
import { generateOfflineNote } from "./offline";
const doc = JSON.parse(readFileSync("/tmp/eng/en-large-irs-manual-400p.pdf.json", "utf8"));
const t = Date.now();
const n = generateOfflineNote({
  sources: [{ doc, fileName: "x" }],
  title: doc.title,
  outputLanguage: "en-US",
  detailLevel: "simple",
});
console.log("ms", Date.now() - t, n.markdown.length);
