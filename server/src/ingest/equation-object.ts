/**
 * The LaTeX of a MathType or Equation Editor 3 OLE object: a DOCX embedding (`word/embeddings/*.bin`,
 * a compound file of its own) or a storage of a .doc's ObjectPool.
 */
import CFB from "cfb";
import { mtefOfEquationNative, mtefOfOle10Native, mtefToLatex } from "./mtef";

/** An embedding larger than this is no equation (they are a few kilobytes): it is not opened. */
const MAX_OBJECT_BYTES = 4 << 20;

/** The LaTeX of an equation object's compound file, or undefined when it holds no readable equation. */
export function latexOfEquationFile(bytes: Uint8Array): string | undefined {
  if (bytes.length > MAX_OBJECT_BYTES) return undefined;
  let cfb: CFB.CFB$Container;
  try {
    cfb = CFB.read(bytes, { type: "buffer" });
  } catch {
    return undefined;
  }
  return latexOfEquationStorage(cfb, "");
}

/**
 * The LaTeX of the equation in one storage of a compound file: `storage` is its path below the root
 * ("" for the root, "ObjectPool/_1234" for a .doc's object).
 */
export function latexOfEquationStorage(cfb: CFB.CFB$Container, storage: string): string | undefined {
  const native = stream(cfb, storage, "Equation Native");
  const mtef = native
    ? mtefOfEquationNative(native)
    : (() => {
        const ole10 = stream(cfb, storage, "\u0001Ole10Native");
        return ole10 && isEquation(cfb, storage) ? mtefOfOle10Native(ole10) : undefined;
      })();
  return mtef ? mtefToLatex(mtef) : undefined;
}

/** True when the storage's class (its CompObj stream) names Equation Editor or MathType. */
export function isEquation(cfb: CFB.CFB$Container, storage: string): boolean {
  if (stream(cfb, storage, "Equation Native")) return true;
  const compObj = stream(cfb, storage, "\u0001CompObj");
  return !!compObj && /Equation\.|MathType|DSMT/.test(Buffer.from(compObj).toString("latin1"));
}

/** True when the compound file has a storage at that path below its root. */
export function hasStorage(cfb: CFB.CFB$Container, storage: string): boolean {
  return entryIndex(cfb).has(`${storage}/`.toLowerCase());
}

/** Each compound file's entries by their path below the root, lower case (a .doc has thousands). */
const indexes = new WeakMap<CFB.CFB$Container, Map<string, number>>();

function entryIndex(cfb: CFB.CFB$Container): Map<string, number> {
  let index = indexes.get(cfb);
  if (!index) {
    index = new Map();
    const root = cfb.FullPaths[0] ?? "";
    for (const [i, path] of cfb.FullPaths.entries()) index.set(path.slice(root.length).toLowerCase(), i);
    indexes.set(cfb, index);
  }
  return index;
}

function stream(cfb: CFB.CFB$Container, storage: string, name: string): Uint8Array | undefined {
  const at = entryIndex(cfb).get(`${storage ? `${storage}/` : ""}${name}`.toLowerCase());
  const content = at === undefined ? undefined : cfb.FileIndex[at]?.content;
  return content && content.length > 0 ? Buffer.from(content as Uint8Array) : undefined;
}
