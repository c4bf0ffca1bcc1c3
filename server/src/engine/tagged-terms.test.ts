import path from "node:path";
import { describe, expect, it } from "vitest";
import { cachedParseFile } from "../../test/parse-cache";
import { buildMindMap } from "./mind-map";
import { noteMaterial } from "./note-material";
import { generateOfflineNote } from "./offline";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../shared/fixtures/documents");

describe("a Russian note's terms, from the tagger's noun phrases", () => {
  it("lists phrases, not inflected pieces, and the map shows them in their dictionary form", async () => {
    const file = "ru-course-syllabus-information-systems.doc";
    const doc = await cachedParseFile(path.join(FIXTURES, file), file);
    const note = generateOfflineNote({
      sources: [{ doc, fileName: file }],
      title: doc.title || file,
      outputLanguage: "en-US",
      detailLevel: "detail",
    });
    const line = /\*\*Key terms:\*\* (.+)/u.exec(note.markdown)?.[1] ?? "";
    const terms = line.split(" · ");
    expect(terms.length).toBeGreaterThanOrEqual(4);
    // counting word runs gave "проекта · исследовательского · темы": an adjective's oblique case alone
    expect(terms).not.toContain("исследовательского");
    expect(terms.filter((t) => t.includes(" ")).length, line).toBeGreaterThanOrEqual(3);
    const material = noteMaterial({
      title: doc.title,
      markdown: note.markdown,
      outputLanguage: "en-US",
      sources: [doc],
    });
    const leaves: string[] = [];
    const walk = (node: { kind: string; label: string; children: unknown[] }) => {
      if (node.kind === "term") leaves.push(node.label);
      for (const child of node.children) walk(child as typeof node);
    };
    walk(buildMindMap(material, "n").root);
    expect(leaves).toContain("исследовательский проект");
    expect(leaves).not.toContain("исследовательского проекта");
  });
});
