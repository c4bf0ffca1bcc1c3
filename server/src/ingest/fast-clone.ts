/**
 * pdf.js on Node runs its "worker" in the calling thread and passes every message (each page's text items,
 * in small chunks) through the global `structuredClone`, which costs a fifth of a PDF's parse time. In a parse
 * thread nothing else needs the real thing, so there it is replaced by a copy of plain data that shares
 * binary buffers instead of copying them (pdf.js never reuses a buffer it has sent). Output is identical;
 * the parser tests compare it.
 */
export function installFastStructuredClone(): void {
  const real = globalThis.structuredClone;
  const copy = (value: unknown): unknown => {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
      return out;
    }
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value;
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return real(value);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
    return out;
  };
  globalThis.structuredClone = ((value: unknown) => copy(value)) as typeof structuredClone;
}
