import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../../test/ocr-pdfs";
import { neutraliseOfficeLinks } from "./office-links";
import { isSofficeAvailable, renderPdfPreview } from "./office-preview";
import { parseFile } from "./parse-file";

const NS = {
  w: "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  pic: "http://schemas.openxmlformats.org/drawingml/2006/picture",
  wp: "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
  v: "urn:schemas-microsoft-com:vml",
  o: "urn:schemas-microsoft-com:office:office",
  rel: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
};
const SVG_MARKER = "SVGMARKERQZX";
const TEXT_MARKER = "TEXTMARKERQZX";
const VISIBLE = "Linked pictures below";

/** A loopback HTTP server that records every request it gets (a linked picture must never reach it). */
async function startCanary(): Promise<{ server: Server; base: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} ${req.headers["user-agent"] ?? ""}`);
    res.writeHead(200, { "content-type": "image/svg+xml" });
    res.end(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><text y="30">CANARY</text></svg>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const picture = (id: string, attribute: "r:link" | "r:embed", n: number) =>
  `<w:r><w:drawing><wp:inline><wp:extent cx="1905000" cy="476250"/><wp:docPr id="${n}" name="Picture ${n}"/>` +
  `<a:graphic><a:graphicData uri="${NS.pic}"><pic:pic><pic:nvPicPr><pic:cNvPr id="${n}" name="linked${n}.svg"/><pic:cNvPicPr/></pic:nvPicPr>` +
  `<pic:blipFill><a:blip ${attribute}="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="1905000" cy="476250"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
  `</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;

const rel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${NS.rel}/${type}" Target="${target}" TargetMode="External"/>`;

/** A DOCX with every way of linking a picture or text that LibreOffice follows while it renders. */
async function hostileDocx(base: string, svgUrl: string, textUrl: string): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/></Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS.rel}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rIdSettings" Type="${NS.rel}/settings" Target="settings.xml"/>` +
      rel("rIdHttp", "image", `${base}/drawing-link.svg`) +
      rel("rIdFile", "image", svgUrl) +
      rel("rIdVml", "image", `${base}/vml.svg`) +
      rel("rIdHyperAsPicture", "hyperlink", `${base}/hyperlink-as-picture.svg`) +
      rel("rIdLink", "hyperlink", `${base}/clicked-only`) +
      `</Relationships>`,
  );
  zip.file(
    "word/settings.xml",
    `<?xml version="1.0"?><w:settings xmlns:w="${NS.w}" xmlns:r="${NS.r}"><w:attachedTemplate r:id="rIdTemplate"/></w:settings>`,
  );
  zip.file(
    "word/_rels/settings.xml.rels",
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel("rIdTemplate", "attachedTemplate", `${base}/template.dotx`)}</Relationships>`,
  );
  const p = (runs: string) => `<w:p>${runs}</w:p>`;
  const t = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
  const complexField = (instructions: string[], result: string) =>
    `<w:r><w:fldChar w:fldCharType="begin"/></w:r>` +
    instructions.map((i) => `<w:r><w:instrText xml:space="preserve">${i}</w:instrText></w:r>`).join("") +
    `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${t(result)}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;
  const body = [
    p(t(VISIBLE)),
    p(picture("rIdHttp", "r:link", 1)),
    p(picture("rIdFile", "r:link", 2)),
    p(picture("rIdHyperAsPicture", "r:link", 3)),
    p(`<w:fldSimple w:instr=' INCLUDEPICTURE "${base}/fldsimple.svg" \\d '>${t("[simple]")}</w:fldSimple>`),
    p(complexField(["INCLUDEP", `ICTURE "${base}/complex.svg" \\d`], "[complex]")),
    p(complexField([`INCLUDETEXT "${textUrl}"`], "[included]")),
    p(complexField([`INCLUDEPICTURE "${svgUrl}" \\d`], "[file picture]")),
    p(complexField([`LINK Word.Document.12 "${textUrl}" "" \\a \\t`], "[link]")),
    p(
      `<w:r><w:pict><v:shape style="width:150pt;height:40pt"><v:imagedata r:id="rIdVml" o:href="${base}/vml-href.svg"/></v:shape></w:pict></w:r>`,
    ),
    p(`<w:hyperlink r:id="rIdLink">${t("a link to click")}</w:hyperlink>`),
    p(complexField([`PAGE`], "1")),
  ].join("");
  zip.file(
    "word/document.xml",
    `<?xml version="1.0"?><w:document xmlns:w="${NS.w}" xmlns:r="${NS.r}" xmlns:a="${NS.a}" xmlns:pic="${NS.pic}" xmlns:wp="${NS.wp}" xmlns:v="${NS.v}" xmlns:o="${NS.o}"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** The 4-slide fixture with linked pictures on its first slide (one to the canary, one to a local SVG). */
async function hostilePptx(base: string, svgUrl: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await readFile(fixture("en-sample-presentation-bullets.pptx")));
  const slide = await zip.file("ppt/slides/slide1.xml")!.async("string");
  const pic = (id: string, n: number, y: number) =>
    `<p:pic><p:nvPicPr><p:cNvPr id="${900 + n}" name="Linked ${n}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>` +
    `<p:blipFill><a:blip r:link="${id}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr><a:xfrm><a:off x="300000" y="${y}"/><a:ext cx="4000000" cy="1000000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
  zip.file(
    "ppt/slides/slide1.xml",
    slide.replace("</p:spTree>", `${pic("rIdCanary", 1, 300000)}${pic("rIdLocal", 2, 3000000)}</p:spTree>`),
  );
  const rels = await zip.file("ppt/slides/_rels/slide1.xml.rels")!.async("string");
  zip.file(
    "ppt/slides/_rels/slide1.xml.rels",
    rels.replace(
      "</Relationships>",
      `${rel("rIdCanary", "image", `${base}/slide-link.svg`)}${rel("rIdLocal", "image", svgUrl)}</Relationships>`,
    ),
  );
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}

/** Converts with a bare LibreOffice (its own default profile, links followed): how the legacy files are made. */
async function convertUnprotected(input: string, format: string, dir: string): Promise<string> {
  const home = await mkdtemp(path.join(dir, "home-"));
  await promisify(execFile)(
    "soffice",
    [
      `-env:UserInstallation=${pathToFileURL(home).href}`,
      "--headless",
      "--convert-to",
      format,
      "--outdir",
      dir,
      input,
    ],
    { env: { ...process.env, HOME: home }, timeout: 200_000 },
  );
  return path.join(dir, path.basename(input).replace(/\.[^.]*$/, `.${format}`));
}

async function pdfText(pdf: string): Promise<string> {
  const doc = await parseFile(await readFile(pdf), "preview.pdf");
  return JSON.stringify(doc.sections);
}

describe("office files lose their external links before LibreOffice renders them", () => {
  it("removes linked pictures, templates and fetching fields, and keeps hyperlinks only hyperlinks use", async () => {
    const docx = await hostileDocx("http://127.0.0.1:9", "file:///tmp/x.svg", "file:///tmp/x.txt");
    const report = { relationships: 0, fields: 0, addresses: 0 };
    const clean = await JSZip.loadAsync(await neutraliseOfficeLinks(docx, report));
    const rels = await clean.file("word/_rels/document.xml.rels")!.async("string");
    expect(rels).not.toMatch(/rIdHttp|rIdFile|rIdVml|rIdHyperAsPicture/);
    expect(rels).toContain('Id="rIdLink"'); // a plain hyperlink stays clickable
    expect(rels).toContain("rIdSettings");
    expect(await clean.file("word/_rels/settings.xml.rels")!.async("string")).not.toContain("template.dotx");
    const document = await clean.file("word/document.xml")!.async("string");
    expect(document).not.toMatch(/INCLUDEP|ICTURE|INCLUDETEXT|LINK Word|vml-href/);
    expect(document).toContain(">PAGE<"); // a harmless field keeps its instruction
    expect(document).toContain(VISIBLE);
    expect(report).toMatchObject({ relationships: 5, fields: 5 });
  });

  it("sees through encodings: entity-encoded ids and instructions, CDATA, another prefix, a DOCTYPE", async () => {
    const zip = new JSZip();
    zip.file("[Content_Types].xml", "<Types/>");
    zip.file(
      "word/_rels/document.xml.rels",
      `<Relationships><Relationship Id="rId5" Type="${NS.rel}/hyperlink" Target="http://127.0.0.1:9/x" TargetMode="External"/></Relationships>`,
    );
    zip.file(
      "word/document.xml",
      `<!DOCTYPE d [<!ENTITY e SYSTEM "file:///etc/passwd">]><x:document xmlns:x="${NS.w}" xmlns:q="${NS.r}" xmlns:a="${NS.a}">` +
        `<a:blip q:link="&#114;Id5"/>` +
        `<x:fldSimple x:instr="&#73;NCLUDEPICTURE &quot;http://127.0.0.1:9/a&quot;"/>` +
        `<x:r><x:fldChar x:fldCharType="begin"/></x:r><x:r><x:instrText><![CDATA[ INCLUDETEXT "file:///etc/hostname"]]></x:instrText></x:r><x:r><x:fldChar x:fldCharType="end"/></x:r>` +
        `<!-- <x:instrText>PAGE</x:instrText> --></x:document>`,
    );
    zip.file("content.xml", "<office:document-content/>"); // an OpenDocument part LibreOffice could prefer
    const clean = await JSZip.loadAsync(
      await neutraliseOfficeLinks(await zip.generateAsync({ type: "nodebuffer" })),
    );
    expect(await clean.file("word/_rels/document.xml.rels")!.async("string")).not.toContain("rId5");
    const document = await clean.file("word/document.xml")!.async("string");
    expect(document).not.toMatch(/DOCTYPE|passwd|NCLUDE|hostname/);
    expect(clean.file("content.xml")).toBeNull();
  });

  it("the parsers follow no link either: a hostile DOCX and PPTX parse without a request or a file read", async () => {
    const canary = await startCanary();
    const local = await mkdtemp(path.join(os.tmpdir(), "links-parse-"));
    try {
      const svg = path.join(local, "secret.svg");
      await writeFile(svg, `<svg xmlns="http://www.w3.org/2000/svg"><text>${SVG_MARKER}</text></svg>`);
      const text = path.join(local, "secret.txt");
      await writeFile(text, TEXT_MARKER);
      const svgUrl = pathToFileURL(svg).href;
      const docx = await parseFile(
        await hostileDocx(canary.base, svgUrl, pathToFileURL(text).href),
        "x.docx",
      );
      const pptx = await parseFile(await hostilePptx(canary.base, svgUrl), "x.pptx");
      expect(JSON.stringify(docx)).toContain(VISIBLE);
      expect(JSON.stringify(pptx)).toContain("With a subtitle");
      expect(canary.requests).toEqual([]);
      expect(JSON.stringify([docx, pptx])).not.toMatch(new RegExp(`${SVG_MARKER}|${TEXT_MARKER}`));
    } finally {
      await new Promise((resolve) => canary.server.close(resolve));
      await rm(local, { recursive: true, force: true });
    }
  });

  describe.skipIf(!isSofficeAvailable())("rendered by LibreOffice", () => {
    let dir: string;
    let canary: Awaited<ReturnType<typeof startCanary>>;
    let svgUrl: string;
    let textUrl: string;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "links-test-"));
      canary = await startCanary();
      const svg = path.join(dir, "secret.svg");
      await writeFile(
        svg,
        `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="50" font-size="30">${SVG_MARKER}</text></svg>`,
      );
      const text = path.join(dir, "secret.txt");
      await writeFile(text, `${TEXT_MARKER}\n`);
      svgUrl = pathToFileURL(svg).href;
      textUrl = pathToFileURL(text).href;
    });
    afterAll(async () => {
      await new Promise((resolve) => canary?.server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    });

    it.each([
      ["docx", () => hostileDocx(canary.base, svgUrl, textUrl), VISIBLE],
      ["pptx", () => hostilePptx(canary.base, svgUrl), "With a subtitle"],
    ] as const)(
      "a %s with linked pictures and fields reaches neither the canary nor a local file",
      async (format, make, visible) => {
        const input = path.join(dir, `hostile.${format}`);
        await writeFile(input, await make());
        const out = await mkdtemp(path.join(dir, "out-"));
        const pdf = await renderPdfPreview(input, out, { timeoutMs: 200_000 });
        expect(pdf).not.toBeNull();
        const text = await pdfText(pdf!);
        expect(text).toContain(visible); // the preview is still the document
        expect(canary.requests).toEqual([]);
        expect(text).not.toContain(SVG_MARKER);
        expect(text).not.toContain(TEXT_MARKER);
      },
      240_000,
    );

    // (LibreOffice writes a .ppt with its linked pictures embedded: there is no linked .ppt to make here)
    it.each([["doc", "docx", () => hostileDocx(canary.base, svgUrl, textUrl)]] as const)(
      "a legacy .%s with linked pictures (which LibreOffice reads itself) reaches neither",
      async (format, from, make) => {
        const source = path.join(dir, `legacy-${format}.${from}`);
        await writeFile(source, await make());
        const legacy = await convertUnprotected(source, format, await mkdtemp(path.join(dir, "legacy-")));
        // the legacy file links to both (LibreOffice itself fetched them while writing it)
        const bytes = await readFile(legacy);
        expect(bytes.includes(Buffer.from(svgUrl)) || bytes.includes(Buffer.from(svgUrl, "utf16le"))).toBe(
          true,
        );
        canary.requests.length = 0;
        const pdf = await renderPdfPreview(legacy, await mkdtemp(path.join(dir, "out-")), {
          timeoutMs: 200_000,
        });
        expect(pdf).not.toBeNull();
        const text = await pdfText(pdf!);
        expect(canary.requests).toEqual([]);
        expect(text).not.toContain(SVG_MARKER);
      },
      300_000,
    );
  });
});
