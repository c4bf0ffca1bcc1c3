/**
 * The load benchmark's data, written straight into the database before the server starts (PGlite belongs to
 * one process): accounts with one password, and for half of them 50 long notes each, through the notes repo.
 */
import { randomUUID } from "node:crypto";
import argon2 from "argon2";
import type { Db } from "../../server/src/db/client";
import { memberRepo } from "../../server/src/modules/member/member.repo";
import { notesRepo } from "../../server/src/modules/notes/notes.repo";
import { seedFile } from "../../server/test/seed";

export const BENCH_PASSWORD = "load-bench-2026";

export interface BenchUser {
  email: string;
  userId: string;
  noteIds: string[];
}

const SUBJECTS = [
  "Thermodynamics",
  "Linear algebra",
  "Organic chemistry",
  "Macroeconomics",
  "Operating systems",
  "Point-set topology",
  "Statistics",
  "World history",
  "Growth of 50% per year",
  "rates_and_ratios",
];

/** Keywords the search scenario types: common, rare, none, and LIKE's own `%` and `_`. */
export const SEARCH_KEYWORDS = [
  "thermo",
  "algebra",
  "Systems",
  "50%",
  "rates_and",
  "no-such-title",
  "lecture 4",
];

/** A long study note (~24 KB of Markdown) that differs from note to note. */
function noteMarkdown(title: string, seed: number): string {
  const words = [
    "energy",
    "entropy",
    "matrix",
    "vector",
    "market",
    "kernel",
    "process",
    "theorem",
    "sample",
    "empire",
  ];
  const sentence = (i: number) =>
    `The ${words[(seed + i) % words.length]} of the ${words[(seed * 7 + i) % words.length]} is defined on page ${
      (i % 30) + 1
    } and used in every later section [p. ${(i % 30) + 1}](#source=1&page=${(i % 30) + 1}).`;
  const sections: string[] = [`# ${title}`];
  for (let s = 0; s < 12; s++) {
    sections.push(`## Part ${s + 1}`);
    for (let p = 0; p < 4; p++) {
      sections.push(Array.from({ length: 4 }, (_, i) => sentence(s * 16 + p * 4 + i)).join(" "));
    }
  }
  return sections.join("\n\n");
}

/**
 * `users` accounts; the first `withNotes` of them get `notesPerUser` ready notes each. Notes are written with
 * the repo the server uses, each user's in one transaction.
 */
export async function seedUsers(
  db: Db,
  options: { users: number; withNotes: number; notesPerUser: number; prefix: string },
): Promise<BenchUser[]> {
  const passwordHash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id });
  const users: BenchUser[] = [];
  for (let u = 0; u < options.users; u++) {
    const userId = randomUUID();
    const email = `${options.prefix}${u}@load.test`;
    await memberRepo.insertUser(db, { id: userId, email, passwordHash, nickname: `load ${u}` });
    const noteIds: string[] = [];
    if (u < options.withNotes) {
      const fileId = await seedFile(db, userId);
      await db.transaction(async (tx) => {
        for (let n = 0; n < options.notesPerUser; n++) {
          const noteId = randomUUID();
          const title = `Lecture ${n + 1}: ${SUBJECTS[(u + n) % SUBJECTS.length]}`;
          const markdown = noteMarkdown(title, u * 100 + n);
          await notesRepo.insert(
            tx,
            {
              id: noteId,
              userId,
              title,
              outputLanguage: "en-US",
              detailLevel: "detail",
              status: "ready",
              markdown,
              generatedMarkdown: markdown,
              engine: "offline",
            },
            [fileId],
          );
          noteIds.push(noteId);
        }
      });
    }
    users.push({ email, userId, noteIds });
  }
  return users;
}
