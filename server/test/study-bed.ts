import type { TestDatabase, TestDatabaseKind } from "./test-db";
import { startTestServer, type TestServer } from "./test-server";
import { createNoteFromFixture, loginNewUser } from "./pipeline";
import { cachedParser, cachedPreview } from "./parse-cache";

/**
 * Where every study-artefact suite starts: a server, two users, and alice's finished English and Chinese notes.
 * The two fixtures are read once per code version, not once per suite (parse-cache.ts): the same documents and
 * previews, written by the real parser and LibreOffice.
 */
export interface StudyBed {
  database: TestDatabase;
  server: TestServer;
  alice: string;
  bob: string;
  englishNote: string;
  chineseNote: string;
}

export async function startStudyBed(
  kind: TestDatabaseKind,
  options: Parameters<typeof startTestServer>[1] = {},
): Promise<StudyBed> {
  const database = await kind.create();
  const server = await startTestServer(database, {
    parser: cachedParser,
    renderPreview: cachedPreview,
    ...options,
  });
  const alice = await loginNewUser(server, "alice@example.edu");
  const bob = await loginNewUser(server, "bob@example.edu");
  const [englishNote, chineseNote] = await Promise.all([
    createNoteFromFixture(server, alice, "en-paper-dense-passage-retrieval.pdf", { outputLanguage: "en-US" }),
    createNoteFromFixture(server, alice, "zh-study-notes-point-set-topology.docx", {
      outputLanguage: "zh-CN",
    }),
  ]);
  return { database, server, alice, bob, englishNote, chineseNote };
}
