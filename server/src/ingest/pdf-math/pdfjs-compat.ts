import type { DocumentInitParameters } from "pdfjs-dist/types/src/display/api";
/**
 * pdf.js 6 sends a page's fonts to the main thread with `ArrayBuffer.prototype.transferToFixedLength`
 * (Node 21+); without it (Node 20) every operator list fails and no font is known by name. A copy does
 * the same for the bytes pdf.js hands over.
 */
export function ensureTransferToFixedLength(): void {
  const proto = ArrayBuffer.prototype as ArrayBuffer & {
    transferToFixedLength?: (length?: number) => ArrayBuffer;
  };
  if (typeof proto.transferToFixedLength === "function") return;
  Object.defineProperty(proto, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    },
  });
}

type StubDocument = NonNullable<DocumentInitParameters["ownerDocument"]>;

/**
 * getDocument options under which pdf.js builds no glyph outlines. With `disableFontFace` (its default in
 * Node) each operator list compiles the outline of every glyph it shows, for a canvas to draw with: about
 * half of what reading a TeX page's operator list (its fonts' names, its rules) costs, and we never draw.
 * Without it, pdf.js hands each font to the document as an @font-face rule instead: this document takes the
 * rules and keeps none. The text content is the same either way (only drawing reads the flag).
 */
export function withoutGlyphOutlines(): { disableFontFace: false; ownerDocument: StubDocument } {
  const sheet = { cssRules: [] as string[], insertRule: () => 0 };
  const style = { sheet, remove() {} };
  const ownerDocument = {
    createElement: () => style,
    documentElement: { getElementsByTagName: () => [{ append() {} }] },
  };
  // the stub has only what pdf.js calls on it (FontLoader: createElement, documentElement, a style sheet)
  return { disableFontFace: false, ownerDocument: ownerDocument as unknown as StubDocument };
}
