import { deflateSync } from "node:zlib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { pageOperations, pdfObjects } from "./content-rules";
import { withoutGlyphOutlines } from "./pdfjs-compat";
import { rulesOf } from "./recover";

const stream = (dict: string, data: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from(`<<${dict}/Length ${data.length}>>\nstream\n`),
    data,
    Buffer.from("\nendstream"),
  ]);

/** A one-page PDF (objects 1–6: catalog, pages, page, its content, a form, a font) with a cross-reference table. */
function onePagePdf(
  content: Buffer,
  form: Buffer = stream("/Type/XObject/Subtype/Form/BBox[0 0 100 100]", Buffer.from("0 0 40 0.3 re f")),
): Uint8Array {
  const bodies: Buffer[] = [
    Buffer.from("<</Type/Catalog/Pages 2 0 R>>"),
    Buffer.from("<</Type/Pages/Kids[3 0 R]/Count 1>>"),
    Buffer.from(
      "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R" +
        "/Resources<</XObject<</Fm1 5 0 R>>/Font<</F1 6 0 R>>>>>>",
    ),
    content,
    form,
    Buffer.from("<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>"),
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  bodies.forEach((body, i) => {
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    offsets.push(at);
    at += obj.length;
    parts.push(obj);
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`]
    .concat(offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`))
    .join("");
  parts.push(
    Buffer.from(`${xref}trailer\n<</Size ${bodies.length + 1}/Root 1 0 R>>\nstartxref\n${at}\n%%EOF\n`),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const PAGE = { num: 3, gen: 0 };

/** The rules pdf.js's operator list gives for the page (what the reader must match). */
async function rulesFromPdfjs(data: Uint8Array) {
  const task = getDocument({
    data: data.slice(),
    ...withoutGlyphOutlines(),
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const page = await (await task.promise).getPage(1);
    return rulesOf(await page.getOperatorList());
  } finally {
    await task.destroy();
  }
}

const rulesRead = (data: Uint8Array) => {
  const objects = pdfObjects(data);
  const ops = objects && pageOperations(objects, PAGE);
  return ops && rulesOf(ops);
};

// nested q/Q with cm, a filled rule, a stroked line, a string holding "re f" (escaped and nested
// parentheses), an inline image whose bytes read "re f", and a form XObject drawing a rule
const CONTENT = Buffer.concat([
  Buffer.from(
    "q 2 0 0 2 10 20 cm\n0 0 30 0.2 re f\nq 1 0 0 1 5 5 cm 0.5 w 0 0 m 20 0 l S Q\nQ\n" +
      "BT /F1 10 Tf 50 150 Td (a string: \\) ( nested ) 0 0 99 0.5 re f) Tj ET\n" +
      "BI /W 4 /H 4 /BPC 8 /CS /G ID\n",
  ),
  Buffer.from("1 1 99 1 re f\u0001\u0002\u00ff"),
  Buffer.from("\nEI\n/Fm1 Do\n0 0 0 0 re f\n"),
]);

describe("a page's rules read from its content streams", () => {
  it("are the rules of pdf.js's operator list: cm under q/Q, re f, m l S with its width, a form; none from a string or an inline image", async () => {
    const data = onePagePdf(stream("/Filter/FlateDecode", deflateSync(CONTENT)));
    const rules = rulesRead(data);
    expect(rules).toEqual([
      { x0: 10, x1: 70, y: 20.200000002980232 },
      { x0: 20, x1: 60, y: 30 },
      { x0: 0, x1: 40, y: 0.15000000596046448 },
    ]);
    expect(rules).toEqual(await rulesFromPdfjs(data));
  });

  it("gives up (the caller reads the operator list) on what it does not follow", () => {
    // a truncated Flate stream, a filter other than Flate, an unbalanced string, an unknown operator
    const flate = deflateSync(CONTENT);
    expect(
      rulesRead(onePagePdf(stream("/Filter/FlateDecode", flate.subarray(0, flate.length >> 1)))),
    ).toBeNull();
    expect(rulesRead(onePagePdf(stream("/Filter/LZWDecode", flate)))).toBeNull();
    expect(rulesRead(onePagePdf(stream("", Buffer.from("0 0 30 0.2 re f (never closed"))))).toBeNull();
    expect(rulesRead(onePagePdf(stream("", Buffer.from("0 0 30 0.2 re f 1 2 zz"))))).toBeNull();
    // an inline image whose end pdf.js would have to guess
    expect(
      rulesRead(onePagePdf(stream("", Buffer.from("BI /W 1 /H 1 ID\nxEI \u0001\u0002 EI\n")))),
    ).toBeNull();
    // a cross-reference pointing nowhere: the file is left to pdf.js
    const broken = onePagePdf(stream("", Buffer.from("0 0 30 0.2 re f")));
    const text = Buffer.from(broken)
      .toString("latin1")
      .replace(/startxref\n\d+/, "startxref\n5");
    expect(pdfObjects(new Uint8Array(Buffer.from(text, "latin1")))).toBeNull();
  });

  it("leaves a huge content stream to pdf.js instead of reading it", () => {
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x20);
    expect(rulesRead(onePagePdf(stream("/Filter/FlateDecode", deflateSync(huge))))).toBeNull();
  });

  it("reads a form XObject's rules under the page's transformation, as pdf.js's operator list does", async () => {
    const form = stream(
      "/Type/XObject/Subtype/Form/BBox[0 0 100 100]/Matrix[1 0 0 1 50 50]",
      Buffer.from("q 0 0 m 25 0 l S Q"),
    );
    const data = onePagePdf(stream("", Buffer.from("q 1 0 0 1 10 10 cm 0.4 w /Fm1 Do Q")), form);
    const rules = rulesRead(data);
    expect(rules).toHaveLength(1);
    expect(rules).toEqual(await rulesFromPdfjs(data));
  });
});
