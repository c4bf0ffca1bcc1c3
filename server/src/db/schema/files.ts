import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./accounts";

/** An uploaded source file: its bytes in storage, its parsed SourceDocument (JSON) in storage too. */
export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** Declared size before the upload, the stored size after. */
    size: bigint("size", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    /** pdf | docx | pptx | doc | ppt, decided by the bytes; null until known. */
    format: text("format"),
    /** uploading | parsing | ready | failed */
    status: text("status").notNull().default("uploading"),
    sha256: text("sha256"),
    storageKey: text("storage_key"),
    documentKey: text("document_key"),
    previewKey: text("preview_key"),
    pageCount: integer("page_count"),
    /** The pages read by OCR (no usable text layer), so citations of them can say so; null: none. */
    ocrPages: jsonb("ocr_pages").$type<number[]>(),
    parseJobId: text("parse_job_id"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    createdAt: stamp("created_at").notNull().defaultNow(),
    updatedAt: stamp("updated_at").notNull().defaultNow(),
  },
  (table) => [index("files_user_id_idx").on(table.userId)],
);
