/**
 * The LaTeX an equation editor left in the preview picture of its OLE object.
 *
 * Word shows an equation object (AxMath, common in Chinese course material) through a Windows metafile
 * it keeps beside the object. AxMath writes the formula's LaTeX into that metafile as a comment, an
 * escape record (META_ESCAPE, MFCOMMENT) whose data starts with "AM-TEX-1", then two 32-bit counts and
 * the source in UTF-16LE, e.g. `$$\n\overline{\mathscr{B} }=\tau \n$$`. The object itself is a
 * proprietary binary; the comment is what the editor reads back, so it is the formula as written.
 */

const SIGNATURE = Buffer.from("AM-TEX-1", "latin1");
/** A placeable metafile starts with this key, then a 22-byte header before the standard one. */
const PLACEABLE_KEY = 0x9ac6cdd7;
const META_ESCAPE = 0x0626;
const MFCOMMENT = 15;

/** The LaTeX of an AxMath preview (a WMF), without `$` delimiters; undefined when it holds none. */
export function latexOfEquationPreview(wmf: Buffer): string | undefined {
  if (wmf.length < 40) return undefined;
  let pos = wmf.readUInt32LE(0) === PLACEABLE_KEY ? 22 : 0;
  const headerWords = wmf.readUInt16LE(pos + 2);
  if (headerWords !== 9) return undefined;
  pos += 18;
  while (pos + 6 <= wmf.length) {
    const words = wmf.readUInt32LE(pos);
    const fn = wmf.readUInt16LE(pos + 4);
    if (words < 3 || fn === 0) return undefined;
    const end = Math.min(wmf.length, pos + words * 2);
    if (fn === META_ESCAPE && pos + 10 <= end && wmf.readUInt16LE(pos + 6) === MFCOMMENT) {
      const data = wmf.subarray(pos + 10, Math.min(end, pos + 10 + wmf.readUInt16LE(pos + 8)));
      const latex = axMathComment(data);
      if (latex !== undefined) return latex;
    }
    pos += words * 2;
  }
  return undefined;
}

function axMathComment(data: Buffer): string | undefined {
  if (data.length < SIGNATURE.length + 8 || !data.subarray(0, SIGNATURE.length).equals(SIGNATURE))
    return undefined;
  const units = data.readUInt32LE(SIGNATURE.length);
  const start = SIGNATURE.length + 8;
  const text = data
    .subarray(start, Math.min(data.length, start + units * 2) & ~1)
    .toString("utf16le")
    .replace(/\0+$/, "");
  const latex = text
    .trim()
    .replace(/^\$\$?|\$\$?$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return latex || undefined;
}
