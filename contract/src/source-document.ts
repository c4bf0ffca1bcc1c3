import { z } from "zod";
import { FILE_FORMATS } from "./limits";

/** A block of a source document; `page` is the 1-based page or slide it came from. */
export const sourceBlock = z.object({
  type: z.enum(["paragraph", "list", "table", "quote"]),
  text: z.string().optional(),
  items: z.array(z.string()).optional(),
  rows: z.array(z.array(z.string())).optional(),
  page: z.number().int().min(1),
});
export type SourceBlock = z.infer<typeof sourceBlock>;

export const sourceSection = z.object({
  heading: z.string(),
  level: z.number().int().min(1).max(6),
  blocks: z.array(sourceBlock),
});
export type SourceSection = z.infer<typeof sourceSection>;

/** The structured text of one uploaded file: what every engine reads. */
export const sourceDocument = z.object({
  title: z.string(),
  format: z.enum(FILE_FORMATS),
  language: z.string(),
  pageCount: z.number().int().min(0),
  sections: z.array(sourceSection),
});
export type SourceDocument = z.infer<typeof sourceDocument>;
