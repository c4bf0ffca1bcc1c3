import type { SourceDocument } from "@beannote/contract";
import { UPLOAD_MAX_MB_DEFAULT } from "@beannote/contract";
import { IngestError } from "./errors";
import { parseDoc } from "./parse-doc";
import { parseDocx } from "./parse-docx";
import { parsePdf } from "./parse-pdf";
import { parsePpt } from "./parse-ppt";
import { parsePptx } from "./parse-pptx";
import { sniffFormat } from "./sniff";
import type { ZipLimits } from "./zip";

export interface ParseOptions {
  /** Largest file accepted, in bytes (FILE_TOO_LARGE beyond). */
  maxBytes?: number;
  zipLimits?: ZipLimits;
}

/** Parse a file's bytes into a SourceDocument; the format comes from the bytes, never from the name. */
export async function parseFile(
  data: Buffer,
  fileName?: string,
  opts: ParseOptions = {},
): Promise<SourceDocument> {
  const maxBytes = opts.maxBytes ?? UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;
  if (data.length > maxBytes) throw new IngestError("FILE_TOO_LARGE", `${data.length} bytes`);
  const format = sniffFormat(data);
  const input = { data, fileName };
  switch (format) {
    case "pdf":
      return parsePdf(input);
    case "docx":
      return parseDocx(input, opts.zipLimits);
    case "pptx":
      return parsePptx(input, opts.zipLimits);
    case "doc":
      return parseDoc(input);
    case "ppt":
      return parsePpt(input);
  }
}
