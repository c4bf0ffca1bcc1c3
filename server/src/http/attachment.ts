import type { FastifyReply } from "fastify";

/** A file name safe on every OS: no path separators, control or reserved characters, at most 120 characters. */
export function safeFileName(title: string, extension: string): string {
  const base =
    title
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f"*/:<>?\\|]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^\.+/, "")
      .slice(0, 120) || "beannote";
  return `${base}.${extension}`;
}

/** `Content-Disposition` of a download: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a download: `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function sendAttachment(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: Buffer | string },
): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", attachmentDisposition(file.fileName))
    .header("cache-control", "no-store")
    .send(file.body);
}
