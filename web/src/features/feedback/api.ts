import {
  apiPath,
  type FeedbackImagesResponse,
  type FeedbackRequest,
  type FeedbackResponse,
} from "@beannote/contract";
import { request, uploadFiles } from "../../api";

/** The feedback calls of spec §7: the screenshots first, then the feedback naming them. */
export const feedbackApi = {
  uploadImages: (files: File[], onProgress?: (percent: number) => void) =>
    uploadFiles<FeedbackImagesResponse>(
      apiPath("feedbackImages"),
      files.map((file) => ({ file, filename: file.name })),
      { onProgress },
    ),
  submit: (body: FeedbackRequest) => request<FeedbackResponse>("POST", apiPath("feedback"), { body }),
};
