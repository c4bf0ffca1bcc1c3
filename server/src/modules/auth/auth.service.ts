import { createHash, randomBytes } from "node:crypto";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { AuthUser } from "../../http/auth-user";
import { sessionsRepo } from "./sessions.repo";
import { sessionCacheFor } from "./session-cache";

const HOUR_MS = 60 * 60 * 1000;

export type { AuthUser };

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Opaque 256-bit tokens stored hashed, with a sliding expiry. A checked session is trusted for a few seconds
 * without the database (see session-cache.ts for the bounds); revocations drop it at once in this process.
 */
export function createAuthService(deps: { db: Db; ttlDays: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const ttlMs = deps.ttlDays * 24 * HOUR_MS;
  const cache = sessionCacheFor(deps.db);

  return {
    async issueToken(userId: string, tx: DbOrTx = deps.db): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      await sessionsRepo.insert(tx, {
        tokenHash: hashToken(token),
        userId,
        expiresAt: new Date(now().getTime() + ttlMs),
      });
      return token;
    },

    /** Resolves a token to its user, renewing the expiry at most once an hour. */
    async authenticate(token: string | undefined): Promise<AuthUser> {
      if (!token) throw new AppError("UNAUTHORIZED");
      const tokenHash = hashToken(token);
      const current = now();
      const cached = cache.get(tokenHash, current.getTime());
      if (cached) return { userId: cached.userId, tokenHash };
      const ticket = cache.ticket();
      const session = await sessionsRepo.findActive(deps.db, tokenHash, current);
      if (!session) throw new AppError("TOKEN_INVALID");
      if (session.disabled) throw new AppError("ACCOUNT_DISABLED");
      let expiresAt = session.expiresAt;
      const renewed = new Date(current.getTime() + ttlMs);
      if (renewed.getTime() - session.expiresAt.getTime() > HOUR_MS) {
        await sessionsRepo.extend(deps.db, tokenHash, renewed);
        expiresAt = renewed;
      }
      cache.store(
        ticket,
        tokenHash,
        { userId: session.userId, expiresAt: expiresAt.getTime() },
        current.getTime(),
      );
      return { userId: session.userId, tokenHash };
    },

    async revoke(tokenHash: string): Promise<void> {
      cache.forgetToken(tokenHash);
      await sessionsRepo.delete(deps.db, tokenHash);
      // Again once deleted: a lookup that read the row just before the delete must not cache it.
      cache.forgetToken(tokenHash);
    },

    async revokeAll(userId: string, tx: DbOrTx = deps.db): Promise<void> {
      cache.forgetUser(userId, now().getTime());
      await sessionsRepo.deleteAllForUser(tx, userId);
      cache.forgetUser(userId, now().getTime());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
