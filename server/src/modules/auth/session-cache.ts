/**
 * Sessions this process has just checked, so that a busy client does not cost a database lookup per request.
 *
 * Bounds: an entry is trusted for `ttlMs` (default 5 s) and never past the session's own expiry. Logout,
 * password change and disabling go through the auth service, which drops the entries at once in this process.
 * Another process (a second API process, or `npm run admin` against PostgreSQL) cannot reach this memory: there a
 * revoked session keeps working for at most `ttlMs`.
 */
export interface CachedSession {
  userId: string;
  /** The session's expiry (ms since epoch). */
  expiresAt: number;
}

interface Entry extends CachedSession {
  /** Trusted until (ms since epoch). */
  until: number;
}

/** How long a checked session is trusted without the database. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** A user whose sessions were all revoked is not cached for this long: the revoking transaction may commit late. */
const REVOKED_USER_QUIET_MS = 60_000;
const MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly quietUsers = new Map<string, number>();
  /** Bumped by every revocation: a lookup that started before one does not store what it read. */
  private epoch = 0;

  constructor(readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get(tokenHash: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > now && entry.expiresAt > now) return entry;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** A ticket to take before reading the database; `store` refuses it if a revocation came in between. */
  ticket(): number {
    return this.epoch;
  }

  store(ticket: number, tokenHash: string, session: CachedSession, now: number): void {
    if (this.ttlMs <= 0 || ticket !== this.epoch) return;
    const quietUntil = this.quietUsers.get(session.userId);
    if (quietUntil !== undefined) {
      if (quietUntil > now) return;
      this.quietUsers.delete(session.userId);
    }
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (Map keeps insertion order): enough room for a burst, and the map stays bounded.
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (this.entries.size < MAX_ENTRIES * 0.9) break;
      }
    }
    this.entries.set(tokenHash, { ...session, until: now + this.ttlMs });
  }

  forgetToken(tokenHash: string): void {
    this.epoch++;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string, now: number): void {
    this.epoch++;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
    for (const [key, until] of this.quietUsers) if (until <= now) this.quietUsers.delete(key);
    this.quietUsers.set(userId, now + REVOKED_USER_QUIET_MS);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, SessionCache>();

/**
 * One cache per database handle: every auth service of a process on the same database (the HTTP hook, the
 * admin commands run through the admin link) sees the same entries, so a revocation by any of them counts.
 */
export function sessionCacheFor(db: object, ttlMs?: number): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache(ttlMs)));
  return cache;
}
