import { randomUUID } from "node:crypto";
import type { Db } from "../src/db/client";
import { filesRepo } from "../src/modules/files/files.repo";
import { notesRepo } from "../src/modules/notes/notes.repo";

/** A parsed file of `userId`, straight in the database (no bytes in storage: enough for ownership checks). */
export async function seedFile(db: Db, userId: string, patch: { status?: string } = {}): Promise<string> {
  const id = randomUUID();
  await filesRepo.insert(db, {
    id,
    userId,
    fileName: "seed.pdf",
    size: 1000,
    contentType: "application/pdf",
    format: "pdf",
    status: patch.status ?? "ready",
    pageCount: 1,
  });
  return id;
}

/** A finished note of `userId` written from one seeded file. */
export async function seedNote(db: Db, userId: string): Promise<{ noteId: string; fileId: string }> {
  const fileId = await seedFile(db, userId);
  const noteId = randomUUID();
  const markdown = "# Seed\n\n## Part\n\nA sentence [p. 1](#source=1&page=1).";
  await notesRepo.insert(
    db,
    {
      id: noteId,
      userId,
      title: "Seed",
      outputLanguage: "en-US",
      detailLevel: "simple",
      status: "ready",
      markdown,
      generatedMarkdown: markdown,
      engine: "offline",
    },
    [fileId],
  );
  return { noteId, fileId };
}
