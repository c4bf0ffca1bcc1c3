import { ApiError } from "../../api/api-error";
import { apiHeaders, unwrap } from "../../api/client";
import { saveBlob } from "../../components/save-blob";

/** The file name of a `Content-Disposition` header: the UTF-8 `filename*` first, else `filename`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // malformed escapes: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

/**
 * Downloads a file from the API. The token travels in headers, so a plain link cannot carry it: the file
 * is fetched, then saved through an object URL. A JSON error body rejects with its `ApiError`.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { headers: apiHeaders() });
  } catch {
    throw new ApiError({ status: 0, message: "network", transport: "network" });
  }
  if (!response.ok || (response.headers.get("content-type") ?? "").includes("application/json")) {
    unwrap<unknown>(await response.json().catch(() => null), response.status);
  }
  const name = dispositionFileName(response.headers.get("content-disposition"), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
