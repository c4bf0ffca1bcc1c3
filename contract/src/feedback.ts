import { z } from "zod";
import { email } from "./accounts";
import { FEEDBACK_TYPES } from "./limits";
import { entityId, plainText } from "./text";

/** At most this many screenshots per upload call and per feedback. */
export const FEEDBACK_IMAGES_MAX = 6;
export const FEEDBACK_SUGGESTION_MAX = 2000;

// POST /batch/upload/mail (multipart: one or more image files)
export const feedbackImage = z.object({ imageId: z.string(), url: z.string() });
export type FeedbackImage = z.infer<typeof feedbackImage>;
export const feedbackImagesResponse = z.object({ images: z.array(feedbackImage) });
export type FeedbackImagesResponse = z.infer<typeof feedbackImagesResponse>;

// POST /Feedback
export const feedbackRequest = z.object({
  type: z.enum(FEEDBACK_TYPES),
  suggestion: plainText().trim().min(1).max(FEEDBACK_SUGGESTION_MAX, "FEEDBACK_SUGGESTION_TOO_LONG"),
  images: z.array(entityId).min(1).max(FEEDBACK_IMAGES_MAX, "FEEDBACK_IMAGES_TOO_MANY"),
  email,
});
export type FeedbackRequest = z.input<typeof feedbackRequest>;
export const feedbackResponse = z.object({ feedbackId: z.string() });
export type FeedbackResponse = z.infer<typeof feedbackResponse>;
