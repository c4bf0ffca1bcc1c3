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
