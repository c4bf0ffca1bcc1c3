import katex from "katex";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import type { SourceDocument } from "@beannote/contract";
import { fixture } from "../../test/pipeline";
import { latexOfEquationPreview } from "./equation-preview";
import { latexChecker } from "./omml";
import { parseFile } from "./parse-file";
import { rewriteWordMath } from "./parse-docx";

/** A placeable WMF holding the given records (each: function number, parameter bytes), then the end record. */
function wmf(records: [number, Buffer][]): Buffer {
  const placeable = Buffer.alloc(22);
  placeable.writeUInt32LE(0x9ac6cdd7, 0);
  const header = Buffer.alloc(18);
  header.writeUInt16LE(1, 0);
  header.writeUInt16LE(9, 2);
  header.writeUInt16LE(0x0300, 4);
  const body = [...records, [0, Buffer.alloc(0)] as [number, Buffer]].map(([fn, params]) => {
    const padded = params.length % 2 ? Buffer.concat([params, Buffer.alloc(1)]) : params;
    const record = Buffer.alloc(6);
    record.writeUInt32LE(3 + padded.length / 2, 0);
    record.writeUInt16LE(fn, 4);
    return Buffer.concat([record, padded]);
  });
  return Buffer.concat([placeable, header, ...body]);
}

/** An MFCOMMENT escape record's parameters. */
function comment(data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(15, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

/** AxMath's comment: its signature, the length in UTF-16 units (twice), the source. */
function axMath(source: string): Buffer {
  const counts = Buffer.alloc(8);
  counts.writeUInt32LE(source.length, 0);
  counts.writeUInt32LE(source.length, 4);
  return Buffer.concat([Buffer.from("AM-TEX-1", "latin1"), counts, Buffer.from(source, "utf16le")]);
}

const ESCAPE = 0x0626;
const SET_WINDOW_EXT = 0x020c;

describe("the LaTeX in an equation object's preview picture", () => {
  it("is AxMath's comment, without its $$ and line breaks", () => {
    const picture = wmf([
      [SET_WINDOW_EXT, Buffer.alloc(4)],
      [ESCAPE, comment(Buffer.from("MathType\0\0=\0", "latin1"))],
      [ESCAPE, comment(axMath("$$\n\\overline{\\mathscr{B} }=\\tau \n$$\n"))],
    ]);
    expect(latexOfEquationPreview(picture)).toBe("\\overline{\\mathscr{B} }=\\tau");
  });

  it("is nothing for a picture without it, or bytes that are no metafile (bad input never throws)", () => {
    const plain = wmf([[SET_WINDOW_EXT, Buffer.alloc(4)]]);
    expect(latexOfEquationPreview(plain)).toBeUndefined();
    const whole = wmf([[ESCAPE, comment(axMath("$$a^2+b^2=c^2$$"))]]);
    expect(latexOfEquationPreview(whole)).toBe("a^2+b^2=c^2");
    // cut short inside the comment, cut inside the header, an empty comment, random bytes, a PNG
    for (const bad of [
      whole.subarray(0, whole.length - 12),
      whole.subarray(0, 30),
      wmf([[ESCAPE, comment(axMath(""))]]),
      Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 256)),
      Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
    ])
      expect(() => latexOfEquationPreview(bad)).not.toThrow();
    expect(latexOfEquationPreview(whole.subarray(0, 30))).toBeUndefined();
    expect(latexOfEquationPreview(wmf([[ESCAPE, comment(axMath(""))]]))).toBeUndefined();
  });
});

describe("a Word equation object with a LaTeX preview", () => {
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const object = (id: string) =>
    `<w:r><w:object><v:shape><v:imagedata r:id="${id}"/></v:shape><o:OLEObject ProgID="Equation.AxMath" r:id="x${id}"/></w:object></w:r>`;
  const text = (t: string) => `<w:r><w:t>${t}</w:t></w:r>`;
  const previews = new Map([
    ["rId1", "E=mc^2"],
    ["rId2", "\\frac{a}{b"],
  ]);

  it("is $$…$$ alone in its paragraph, $…$ in a sentence or a table cell, [equation] without a valid preview", async () => {
    const check = await latexChecker();
    const xml = `<w:document ${W}><w:body>
      <w:p><w:pPr><w:jc w:val="center"/></w:pPr>${object("rId1")}</w:p>
      <w:p>${text("Energy is ")}${object("rId1")}${text(".")}</w:p>
      <w:tbl><w:tr><w:tc><w:p>${object("rId1")}</w:p></w:tc></w:tr></w:tbl>
      <w:p>${text("Broken: ")}${object("rId2")}</w:p>
      <w:p>${text("Unknown: ")}${object("rId9")}</w:p>
    </w:body></w:document>`;
    const runs = [...rewriteWordMath(xml, check, previews).matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map(
      (m) => m[1],
    );
    expect(runs).toEqual([
      "$$E=mc^2$$",
      "Energy is ",
      "$E=mc^2$",
      ".",
      "$E=mc^2$",
      "Broken: ",
      "[equation]",
      "Unknown: ",
      "[equation]",
    ]);
  });

  it("gives its formulas to the note of a Chinese topology handout written with AxMath (137 objects, all were [equation])", async () => {
    const name = "zh-study-notes-point-set-topology.docx";
    const doc: SourceDocument = await parseFile(await readFile(fixture(name)), name);
    const texts = doc.sections.flatMap((s) =>
      s.blocks.flatMap((b) => [b.text ?? "", ...(b.items ?? []), ...(b.rows ?? []).flat()]),
    );
    const all = texts.join("\n");
    expect(all).not.toContain("[equation]");
    expect(texts).toContain("A'为A的所有聚点的集合，$\\overline{A}=A\\prime\\cup A$，也是包含A的最小闭集");
    const formulas = [...all.matchAll(/\$([^$]+)\$/g)].map((m) => m[1]!);
    expect(formulas.length).toBeGreaterThan(100);
    for (const latex of formulas)
      expect(() => katex.renderToString(latex, { throwOnError: true, strict: "ignore" })).not.toThrow();
  });
});
