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

/**
 * `Uint8Array.prototype.toBase64` by Node's Buffer. Node 20 has none, and the core-js of pdf.js's legacy
 * build puts in one that adds four one-character strings to the result per three bytes: pdf.js turns each
 * font it hands to the document (for an operator list, to name its fonts) into base64 that way, megabytes
 * of string for the stub document below to drop. The same string, made natively; it throws where the
 * proposal's method throws on a bad option, so core-js keeps it when its worker code loads later. (core-js's
 * own passes for native to Function.prototype.toString, so it is replaced whatever is there.)
 */
export function ensureFastToBase64(): void {
  const proto = Uint8Array.prototype as Uint8Array & { toBase64?: unknown };
  Object.defineProperty(proto, "toBase64", {
    configurable: true,
    writable: true,
    enumerable: false,
    value(this: Uint8Array, options?: { alphabet?: unknown; omitPadding?: unknown }): string {
      if (!(this instanceof Uint8Array)) throw new TypeError("toBase64: not a Uint8Array");
      if (
        options !== undefined &&
        (options === null || (typeof options !== "object" && typeof options !== "function"))
      )
        throw new TypeError("toBase64: options is not an object");
      const alphabet = options?.alphabet === undefined ? "base64" : options.alphabet;
      if (alphabet !== "base64" && alphabet !== "base64url") throw new TypeError("toBase64: bad alphabet");
      const omitPadding = !!options?.omitPadding;
      let out = Buffer.from(this.buffer, this.byteOffset, this.byteLength).toString(alphabet);
      // Node's base64url has no padding, its base64 has
      if (omitPadding) out = out.replace(/=+$/, "");
      else if (alphabet === "base64url" && out.length % 4) out += "=".repeat(4 - (out.length % 4));
      return out;
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
