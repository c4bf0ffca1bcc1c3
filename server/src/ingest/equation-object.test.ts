import CFB from "cfb";
import JSZip from "jszip";
import katex from "katex";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SourceDocument } from "@beannote/contract";
import { fixture } from "../../test/pipeline";
import { parseFile } from "./parse-file";

const here = path.dirname(new URL(import.meta.url).pathname);
const LO_DOC = path.resolve(here, "../../test/fixtures/equations/lo-equation3.doc");
const FORMULAS = JSON.parse(
  readFileSync(path.resolve(here, "../../test/fixtures/equations/formulas.json"), "utf8"),
) as ["inline" | "display", string][];

function texts(doc: SourceDocument): string[] {
  return doc.sections.flatMap((s) =>
    s.blocks.flatMap((b) => [b.text ?? "", ...(b.items ?? []), ...(b.rows ?? []).flat()]),
  );
}

const FORMULA = /\$\$([^$]+)\$\$|\$([^$]+)\$/g;

function formulas(doc: SourceDocument): { latex: string; display: boolean }[] {
  return texts(doc).flatMap((t) =>
    [...t.matchAll(FORMULA)].map((m) => ({ latex: m[1] ?? m[2]!, display: m[1] !== undefined })),
  );
}

/** The Equation Native stream of each object of the LibreOffice fixture, in the document's order. */
function loEquationNatives(): Buffer[] {
  const cfb = CFB.read(readFileSync(LO_DOC), { type: "buffer" });
  return FORMULAS.map((_, i) => {
    const entry = CFB.find(cfb, `/ObjectPool/_${2 ** 31 - 1 - i}/Equation Native`);
    return Buffer.from(entry!.content as Uint8Array);
  });
}

describe("a legacy Word file with Equation Editor 3 objects", () => {
  it("gives each object's formula to its sentence ($…$) or its own line ($$…$$): the LibreOffice fixture", async () => {
    const doc = await parseFile(readFileSync(LO_DOC), "equations.doc");
    const paragraphs = texts(doc);
    expect(paragraphs.join("\n")).not.toContain("[equation]");
    expect(paragraphs).toContain("Formula 1 is $\\frac{a}{b}$ in a sentence.");
    expect(paragraphs).toContain("Formula 9 is $\\alpha+\\beta=\\Gamma\\theta$ in a sentence.");
    expect(paragraphs).toContain("$$\\sum\\limits_{i=1}^{n}i^{2}$$");
    expect(paragraphs).toContain("$$\\left(\\begin{matrix}a & b \\\\ c & d\\end{matrix}\\right)$$");
    const found = formulas(doc);
    expect(found.map((f) => f.display)).toEqual(FORMULAS.map(([kind]) => kind === "display"));
    for (const f of found) katex.renderToString(f.latex, { displayMode: f.display, throwOnError: true });
    // a formula alone on its line is no heading
    expect(doc.sections.map((s) => s.heading).join("\n")).not.toContain("$");
  });

  it("reads the Mac objects of the shared lab handout (MTEF 2 in Ole10Native)", async () => {
    const doc = await parseFile(readFileSync(fixture("en-lab-handout-force-on-current.doc")), "lab.doc");
    const paragraphs = texts(doc);
    const lorentz = paragraphs.findIndex((p) => p.endsWith("called the Lorentz force,"));
    expect(paragraphs[lorentz + 1]).toBe("$F=qvB\\sin\\theta$, (1)");
    expect(paragraphs).toContain("$F=IlB\\sin\\theta$ (2)");
  });

  it("keeps [equation] for an object it cannot read, and its neighbours' formulas in their places", async () => {
    const cfb = CFB.read(readFileSync(LO_DOC), { type: "buffer" });
    const broken = CFB.find(cfb, `/ObjectPool/_${2 ** 31 - 2}/Equation Native`)!;
    const bytes = Buffer.from(broken.content as Uint8Array);
    bytes[28] = 9; // the MTEF version: none that exists
    broken.content = bytes;
    const file = Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
    const paragraphs = texts(await parseFile(file, "broken.doc"));
    expect(paragraphs).toContain("Formula 1 is $\\frac{a}{b}$ in a sentence.");
    expect(paragraphs).toContain("Formula 2 is [equation] in a sentence.");
    expect(paragraphs).toContain("Formula 3 is $x_{i}^{2}+y_{j}+e^{i\\pi}$ in a sentence.");
  });

  it("places no formula when its tables cannot say which object is where: equation fields stay [equation]", async () => {
    const lab = fixture("en-lab-handout-force-on-current.doc");
    expect(texts(await parseFile(readFileSync(lab), "lab.doc"))).toContain("$F=qvB\\sin\\theta$, (1)");
    for (const file of [LO_DOC, lab])
      for (const damage of ["no CHPX table", "random CHPX pages"] as const) {
        const cfb = CFB.read(readFileSync(file), { type: "buffer" });
        const entry = CFB.find(cfb, "WordDocument")!;
        const word = Buffer.from(entry.content as Uint8Array);
        const fcLcb = 0x20 + 2 + word.readUInt16LE(0x20) * 2;
        const blob = fcLcb + 2 + word.readUInt16LE(fcLcb) * 4 + 2;
        if (damage === "no CHPX table") word.writeUInt32LE(0, blob + 12 * 8 + 4);
        else for (let i = 0x600; i < word.length; i += 7) word[i] = (i * 31) & 0xff;
        entry.content = word;
        const damaged = Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
        const doc = await parseFile(damaged, "damaged.doc").catch(() => undefined);
        if (!doc) continue; // the damage broke the text itself: a refused file, not a misplaced formula
        const all = texts(doc).join("\n");
        expect(all).not.toContain("$");
        // LibreOffice's fields name no class: unpaired, they are left out as any unknown object is
        if (file === lab && damage === "no CHPX table") expect(all).toContain("[equation], (1)");
      }
  });
});

const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** An Equation Editor 3 embedding: a compound file with the object's class and its Equation Native. */
function oleObjectBin(native: Buffer): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, "/Equation Native", native);
  CFB.utils.cfb_add(cfb, "/\u0001CompObj", Buffer.from("\u0001\0\u00fe\u00ffEquation.3\0", "latin1"));
  return Buffer.from(CFB.write(cfb, { type: "buffer" }) as Uint8Array);
}

/** A placeable WMF with nothing in it: a preview picture that carries no LaTeX. */
function blankWmf(): Buffer {
  const wmf = Buffer.alloc(22 + 18 + 6);
  wmf.writeUInt32LE(0x9ac6cdd7, 0);
  wmf.writeUInt16LE(1, 22);
  wmf.writeUInt16LE(9, 24);
  wmf.writeUInt16LE(0x0300, 26);
  wmf.writeUInt32LE(3, 40);
  return wmf;
}

/** A DOCX whose paragraphs hold text runs and Equation Editor 3 objects (`{n}`: embedding n). */
async function docxWithObjects(paragraphs: string[], embeddings: Buffer[]): Promise<Buffer> {
  const object = (n: number) =>
    `<w:r><w:object w:dxaOrig="400" w:dyaOrig="300"><v:shape id="_x0000_i10${n}" style="width:20pt;height:15pt" o:ole="">` +
    `<v:imagedata r:id="rIdPic${n}" o:title=""/></v:shape>` +
    `<o:OLEObject Type="Embed" ProgID="Equation.3" ShapeID="_x0000_i10${n}" DrawAspect="Content" ObjectID="_10${n}" r:id="rIdOle${n}"/></w:object></w:r>`;
  const run = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
  const body = paragraphs
    .map((p) => {
      const inner = p
        .split(/(\{\d+\})/)
        .filter(Boolean)
        .map((piece) => (/^\{\d+\}$/.test(piece) ? object(Number(piece.slice(1, -1))) : run(piece)))
        .join("");
      return p.startsWith("|")
        ? `<w:tbl><w:tr><w:tc><w:p>${inner.replace(run("|"), "")}</w:p></w:tc></w:tr></w:tbl>`
        : `<w:p>${inner}</w:p>`;
    })
    .join("");
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/>' +
      '<Default Extension="wmf" ContentType="image/x-wmf"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8"?><w:document ${W_NS}><w:body>${body}</w:body></w:document>`,
  );
  const rels = embeddings.flatMap((bin, i) => {
    zip.file(`word/embeddings/oleObject${i + 1}.bin`, bin);
    zip.file(`word/media/image${i + 1}.wmf`, blankWmf());
    return [
      `<Relationship Id="rIdOle${i + 1}" Type="${REL}/oleObject" Target="embeddings/oleObject${i + 1}.bin"/>`,
      `<Relationship Id="rIdPic${i + 1}" Type="${REL}/image" Target="media/image${i + 1}.wmf"/>`,
    ];
  });
  zip.file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`,
  );
  return zip.generateAsync({ type: "nodebuffer" });
}

describe("a DOCX with Equation Editor 3 objects", () => {
  it("gives each object's formula to its place: the LibreOffice DOCX, whose objects name no class", async () => {
    const file = path.resolve(here, "../../test/fixtures/equations/lo-equation3.docx");
    const doc = await parseFile(readFileSync(file), "equations.docx");
    const paragraphs = texts(doc);
    expect(paragraphs.join("\n")).not.toContain("[equation]");
    expect(paragraphs).toContain("Formula 2 is $\\sqrt{x+1}+\\sqrt[3]{y}$ in a sentence.");
    expect(paragraphs).toContain("$$\\iint\\limits_{D}fdA+\\oint\\limits_{C}F$$");
    const found = formulas(doc);
    expect(found.map((f) => f.display)).toEqual(FORMULAS.map(([kind]) => kind === "display"));
    for (const f of found) katex.renderToString(f.latex, { displayMode: f.display, throwOnError: true });
  });

  it("reads each object's embedding: $…$ in a sentence or a table cell, $$…$$ alone, [equation] when unreadable", async () => {
    const natives = loEquationNatives();
    const docx = await docxWithObjects(
      ["The ratio {1} is small.", "{2}", "|{3}", "Broken: {4}", "Greek: {5}."],
      [
        oleObjectBin(natives[0]!),
        oleObjectBin(natives[3]!),
        oleObjectBin(natives[10]!),
        Buffer.from("not a compound file at all"),
        oleObjectBin(natives[8]!),
      ],
    );
    const doc = await parseFile(docx, "objects.docx");
    const paragraphs = texts(doc);
    expect(paragraphs).toContain("The ratio $\\frac{a}{b}$ is small.");
    expect(paragraphs).toContain("$$\\sum\\limits_{i=1}^{n}i^{2}$$");
    expect(paragraphs).toContain("$\\left(\\begin{matrix}a & b \\\\ c & d\\end{matrix}\\right)$");
    expect(paragraphs).toContain("Broken: [equation]");
    expect(paragraphs).toContain("Greek: $\\alpha+\\beta=\\Gamma\\theta$.");
    for (const f of formulas(doc))
      katex.renderToString(f.latex, { displayMode: f.display, throwOnError: true });
  });
});
