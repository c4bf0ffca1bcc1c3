import { AppError } from "../http/app-error";

/** A JPG or PNG re-encoded by sharp: orientation applied, every metadata block (EXIF, GPS, ICC, XMP) dropped. */
export interface CleanImage {
  bytes: Buffer;
  format: "jpeg" | "png";
  contentType: "image/jpeg" | "image/png";
  extension: "jpg" | "png";
  width: number;
  height: number;
}

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** sharp (libvips, ~25 MiB resident) is loaded with the first image, not at boot. */
export const loadSharp = () => import("sharp").then((module) => module.default);

/** JPG or PNG by the file's first bytes (never its name or declared type); null for anything else. */
export function sniffJpgPng(bytes: Buffer): "jpeg" | "png" | null {
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return "jpeg";
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return "png";
  return null;
}

/**
 * Checks that `bytes` are a readable JPG or PNG (IMAGE_NOT_JPG_PNG when they are not one at all,
 * IMAGE_INVALID when they claim to be but cannot be decoded) and re-encodes them in the same format, at most
 * `maxSide` pixels on the longer side, without metadata.
 */
export async function cleanImage(
  bytes: Buffer,
  options: { maxSide: number; quality?: number },
): Promise<CleanImage> {
  const format = sniffJpgPng(bytes);
  if (!format) throw new AppError("IMAGE_NOT_JPG_PNG");
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" })
      .rotate()
      .resize(options.maxSide, options.maxSide, { fit: "inside", withoutEnlargement: true });
    const { data, info } = await (
      format === "jpeg"
        ? pipeline.jpeg({ quality: options.quality ?? 85 })
        : pipeline.png({ compressionLevel: 9 })
    ).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format,
      contentType: format === "jpeg" ? "image/jpeg" : "image/png",
      extension: format === "jpeg" ? "jpg" : "png",
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new AppError("IMAGE_INVALID");
  }
}
