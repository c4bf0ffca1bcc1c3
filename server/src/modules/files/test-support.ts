import { randomInt } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../../db/client";
import { createAuthService } from "../auth/auth.service";
import { memberRepo } from "../member/member.repo";

export const fixturesDir = path.resolve(
  fileURLToPath(new URL("../../../..", import.meta.url)),
  "../shared/fixtures/documents",
);

/** A user straight in the database and a token for it (the accounts flow has its own tests). */
export async function createTestUser(db: Db): Promise<{ userId: string; token: string }> {
  const userId = String(randomInt(100_000_000, 1_000_000_000));
  await memberRepo.insertUser(db, {
    id: userId,
    email: `user${userId}@example.test`,
    passwordHash: "x",
    nickname: `user${userId}`,
  });
  const token = await createAuthService({ db, ttlDays: 1 }).issueToken(userId);
  return { userId, token };
}
