import { apiPath, type LedgerResponse, type StudentVerification } from "@beannote/contract";
import { apiHeaders, request, upload } from "../../api";
import { ApiError } from "../../api/api-error";

/** The Beancoin ledger and the student discount calls. */
export const beansApi = {
  ledger: (page: number, size = 20) =>
    request<LedgerResponse>("GET", apiPath("beansLedger"), { query: { page, size } }),
  student: () => request<StudentVerification>("GET", apiPath("studentVerify")),
  submitStudentId: (file: Blob, filename: string, onProgress?: (percent: number) => void) =>
    upload<StudentVerification>(apiPath("studentVerify"), file, filename, { onProgress }),
  /** The student's own ID image (sent with the token, so never a plain link). */
  async studentImage(): Promise<Blob> {
    const response = await fetch(apiPath("studentVerifyImage"), { headers: apiHeaders() });
    if (!response.ok) throw new ApiError({ status: response.status, message: "image", code: "NOT_FOUND" });
    return response.blob();
  },
};

/** TanStack Query keys of the Beancoin feature. */
export const beansKeys = {
  all: ["beans"] as const,
  ledger: () => [...beansKeys.all, "ledger"] as const,
  student: () => [...beansKeys.all, "student"] as const,
  studentImage: (submittedAt: string | null) => [...beansKeys.all, "student-image", submittedAt] as const,
};
