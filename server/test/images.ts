import sharp from "sharp";
import type { TestServer } from "./test-server";

/** A small PNG or JPEG carrying EXIF (a camera's, a location's) that the server must strip. */
export async function testImage(
  format: "png" | "jpeg",
  options: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  const image = sharp({
    create: {
      width: options.width ?? 320,
      height: options.height ?? 200,
      channels: 3,
      background: options.color ?? "#4f6bff",
    },
  }).withMetadata({ exif: { IFD0: { Copyright: "secret-camera", Artist: "Lin" } } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}

/** A valid image padded with trailing bytes to exactly `size` bytes (decoders stop at the image's end). */
export async function imageOfSize(size: number): Promise<Buffer> {
  const jpeg = await testImage("jpeg", { width: 64, height: 64 });
  return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length, 0)]);
}

export interface UploadPart {
  bytes: Buffer;
  name: string;
  type?: string;
  field?: string;
}

/** A multipart POST like a browser's FormData; answers the parsed envelope. */
export async function postMultipart<T = Record<string, unknown>>(
  server: TestServer,
  path: string,
  token: string | undefined,
  parts: UploadPart[],
): Promise<{ http: number; body: { status: number; code?: string; data: T } }> {
  const form = new FormData();
  for (const part of parts) {
    form.append(
      part.field ?? "file",
      new Blob([new Uint8Array(part.bytes)], { type: part.type ?? "application/octet-stream" }),
      part.name,
    );
  }
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: token ? { token } : {},
    body: form,
  });
  return { http: response.status, body: (await response.json()) as never };
}
