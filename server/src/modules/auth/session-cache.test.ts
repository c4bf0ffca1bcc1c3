import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { createTestUser } from "../files/test-support";
import { createAuthService, hashToken } from "./auth.service";
import { SESSION_CACHE_TTL_MS, SessionCache } from "./session-cache";

describe("session cache", () => {
  let database: TestDatabase;
  let opened: Database;
  let clock = Date.now();
  const now = () => new Date(clock);

  beforeAll(async () => {
    database = await testDatabases[0]!.create();
    opened = await openDatabase({ dataDir: database.dataDir });
  });
  afterAll(async () => {
    await opened?.close();
    await database?.close();
  });

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => "ok",
      (error: { code?: string }) => error.code,
    );

  it("trusts a checked session for a few seconds without the database, never longer", async () => {
    const auth = createAuthService({ db: opened.db, ttlDays: 30, now });
    const { token } = await createTestUser(opened.db);
    expect(await code(auth.authenticate(token))).toBe("ok");
    // Another process logs the session out: this one does not see it while its entry is fresh…
    await opened.db.execute(sql`delete from sessions where token_hash = ${hashToken(token)}`);
    clock += SESSION_CACHE_TTL_MS - 1;
    expect(await code(auth.authenticate(token))).toBe("ok");
    // …and asks the database again once it is not.
    clock += 2;
    expect(await code(auth.authenticate(token))).toBe("TOKEN_INVALID");
  });

  it("ends a logged-out session at once in this process (logout after use)", async () => {
    const auth = createAuthService({ db: opened.db, ttlDays: 30, now });
    const { token } = await createTestUser(opened.db);
    expect(await code(auth.authenticate(token))).toBe("ok");
    await auth.revoke(hashToken(token));
    expect(await code(auth.authenticate(token))).toBe("TOKEN_INVALID");
  });

  it("ends every session of a user at once when another service on the same database revokes them (admin, password change)", async () => {
    const api = createAuthService({ db: opened.db, ttlDays: 30, now });
    const admin = createAuthService({ db: opened.db, ttlDays: 30, now });
    const { token, userId } = await createTestUser(opened.db);
    const second = await api.issueToken(userId);
    expect(await code(api.authenticate(token))).toBe("ok");
    expect(await code(api.authenticate(second))).toBe("ok");
    await admin.revokeAll(userId);
    expect(await code(api.authenticate(token))).toBe("TOKEN_INVALID");
    expect(await code(api.authenticate(second))).toBe("TOKEN_INVALID");
  });

  it("never serves a session past its own expiry", () => {
    const cache = new SessionCache();
    cache.store(cache.ticket(), "h", { userId: "u", expiresAt: 1_000 }, 0);
    expect(cache.get("h", 999)?.userId).toBe("u");
    expect(cache.get("h", 1_000)).toBeUndefined();
  });

  it("does not keep what a lookup read before a revocation (logout racing a request)", () => {
    const cache = new SessionCache();
    const ticket = cache.ticket();
    cache.forgetToken("h");
    cache.store(ticket, "h", { userId: "u", expiresAt: 10_000 }, 0);
    expect(cache.get("h", 1)).toBeUndefined();
  });

  it("does not cache a user's sessions for a while after they were all revoked (transaction not yet committed)", () => {
    const cache = new SessionCache();
    cache.forgetUser("u", 0);
    cache.store(cache.ticket(), "h", { userId: "u", expiresAt: 10_000_000 }, 1_000);
    expect(cache.get("h", 1_001)).toBeUndefined();
    cache.store(cache.ticket(), "h", { userId: "u", expiresAt: 10_000_000 }, 61_000);
    expect(cache.get("h", 61_001)?.userId).toBe("u");
  });

  it("stays bounded under 20,000 distinct tokens, and is off with a zero lifetime", () => {
    const cache = new SessionCache();
    for (let i = 0; i < 20_000; i++)
      cache.store(cache.ticket(), `h${i}`, { userId: "u", expiresAt: 1e12 }, 0);
    expect(cache.size).toBeLessThanOrEqual(10_000);
    expect(cache.get("h19999", 1)?.userId).toBe("u");
    const off = new SessionCache(0);
    off.store(off.ticket(), "h", { userId: "u", expiresAt: 1e12 }, 0);
    expect(off.get("h", 0)).toBeUndefined();
  });
});
