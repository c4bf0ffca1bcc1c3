import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setToken } from "../../api/session-storage";
import { useFileUploads } from "./use-file-uploads";

const BUCKET = "https://bucket.example.test/notes/uploads/u1/f1?X-Amz-Signature=abc";
const envelope = (data: unknown) => new Response(JSON.stringify({ status: 200, message: "ok", data }));
const file = (status: string) => ({
  fileId: "f1",
  fileName: "lecture.pdf",
  size: 9,
  format: "pdf",
  status,
  pageCount: status === "ready" ? 3 : null,
  jobId: "j1",
  sha256: null,
});

/** The PUTs the hook sends, answered like an S3 bucket does: 200 with an empty body. */
class BucketXhr {
  static sent: { method: string; url: string; headers: Record<string, string> }[] = [];
  upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
  timeout = 0;
  status = 0;
  responseText = "";
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request = { method: "", url: "", headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.request = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send() {
    BucketXhr.sent.push(this.request);
    setTimeout(() => {
      this.status = 200;
      this.onload?.();
    }, 0);
  }
}

describe("useFileUploads with a presigned object-storage URL", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    BucketXhr.sent = [];
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("XMLHttpRequest", BucketXhr);
    setToken("tok123");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToken(null);
  });

  it("PUTs to the bucket without the token, then asks the server to complete, then follows the parse", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith("/file/upload-url"))
        return envelope({
          fileId: "f1",
          uploadUrl: BUCKET,
          method: "PUT",
          headers: { "content-type": "application/pdf" },
        });
      if (url.endsWith("/file/f1/complete") && init?.method === "POST") return envelope(file("parsing"));
      if (url.endsWith("/file/f1") && (init?.method ?? "GET") === "GET") return envelope(file("ready"));
      if (url.endsWith("/file/f1") && init?.method === "DELETE") return envelope({});
      throw new Error(`unexpected ${init?.method} ${url}`);
    });
    const { result } = renderHook(() => useFileUploads(100 * 1024 * 1024));
    act(() => result.current.add([new File(["%PDF-1.4\n"], "lecture.pdf", { type: "application/pdf" })]));

    await waitFor(() => expect(result.current.items[0]?.phase).toBe("ready"), { timeout: 3000 });
    expect(result.current.items[0]).toMatchObject({ fileId: "f1", pageCount: 3, percent: 100 });
    expect(BucketXhr.sent).toEqual([
      { method: "PUT", url: BUCKET, headers: { "content-type": "application/pdf" } },
    ]);
    const calls = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? "GET"} ${String(input)}`);
    expect(calls.slice(0, 2)).toEqual(["POST /file/upload-url", "POST /file/f1/complete"]);

    // Removing it from the list deletes it on the server too.
    act(() => result.current.remove(result.current.items[0]!.key));
    expect(result.current.items).toEqual([]);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([input, init]) => init?.method === "DELETE" && String(input) === "/file/f1",
        ),
      ).toBe(true),
    );
  });
});
