import { z } from "zod";

/**
 * Characters no stored text may hold: NUL (PostgreSQL refuses it in text) and unpaired UTF-16 surrogates (they
 * cannot be encoded as UTF-8). In a `u` regex a well-formed surrogate pair is one code point, so only lone
 * halves fall in the range.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character to refuse
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** True when `value` can be stored and sent as UTF-8 text as it is. */
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** Any string of a request: refuses NUL and lone surrogates with the `TEXT_INVALID` code. */
export const plainText = () => z.string().refine(isStorableText, "TEXT_INVALID");

/** The id of a stored object (note, file, job, …): a UUID, else `ID_INVALID`. */
export const entityId = z.uuid("ID_INVALID");
