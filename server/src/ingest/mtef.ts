/**
 * The LaTeX of a MathType or Equation Editor 3 equation, from the streams of its OLE object.
 *
 * Windows objects keep the equation in their "Equation Native" stream: a header (EQNOLEFILEHDR: its own
 * size, a version, a clipboard format, the size of the MTEF, a reserved word) then the MTEF. Objects made
 * by Equation Editor on a Mac keep it in "\x01Ole10Native": a 32-bit size, then the MTEF.
 */
import { mtefTreeToLatex } from "./mtef-latex";
import { readMtef } from "./mtef-reader";

/** The LaTeX of an MTEF equation (header first), or undefined when it cannot be read or holds nothing. */
export function mtefToLatex(bytes: Uint8Array): string | undefined {
  try {
    return mtefTreeToLatex(readMtef(bytes)) || undefined;
  } catch {
    // MtefError for what is not an equation; anything else on hostile bytes is no better: one object unread
    return undefined;
  }
}

const EQNOLEFILEHDR_SIZE = 28;

/** The MTEF of an "Equation Native" stream, or undefined when the header does not describe one. */
export function mtefOfEquationNative(stream: Uint8Array): Uint8Array | undefined {
  if (stream.length < EQNOLEFILEHDR_SIZE) return undefined;
  const view = new DataView(stream.buffer, stream.byteOffset, stream.length);
  const headerSize = view.getUint16(0, true);
  const size = view.getUint32(8, true);
  if (headerSize < EQNOLEFILEHDR_SIZE || headerSize >= stream.length) return undefined;
  return stream.subarray(headerSize, Math.min(stream.length, headerSize + size));
}

/** The MTEF of an "\x01Ole10Native" stream (Equation Editor on a Mac), or undefined. */
export function mtefOfOle10Native(stream: Uint8Array): Uint8Array | undefined {
  if (stream.length < 10) return undefined;
  const size = new DataView(stream.buffer, stream.byteOffset, stream.length).getUint32(0, true);
  const mtef = stream.subarray(4, Math.min(stream.length, 4 + size));
  // the native data of other objects is not MTEF: an MTEF header starts with its version, 2 to 5
  return mtef[0]! >= 2 && mtef[0]! <= 5 ? mtef : undefined;
}
