import type { ErrorCode } from "@beannote/contract";
import type { Db, DbOrTx } from "../../db/client";
import { withKeyLocks } from "../../db/key-lock";
import { AppError } from "../../http/app-error";
import { throttleRepo } from "./throttle.repo";

/** At most `limit` events of `kind` for one `key` in any `windowMs`; past it the caller gets `code`. */
export interface ThrottleRule {
  kind: string;
  key: string;
  limit: number;
  windowMs: number;
  code: ErrorCode;
}

/** One counted event per rule, returned by `take`, so that an attempt that turns out fine can be given back. */
export type ThrottleTicket = number[];

/**
 * Sliding-window rate limits counted in the database, so they hold across server processes. Taking is one
 * locked count-then-insert: N concurrent requests against a limit of L let exactly L through.
 */
export function createThrottle(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Counts one event under every rule, or — when any rule is full — none, throwing that rule's code with
     * `retryAfterSeconds` (when its oldest event leaves the window).
     */
    async take(rules: ThrottleRule[]): Promise<ThrottleTicket> {
      const keys = rules.map((rule) => `throttle:${rule.kind}:${rule.key}`);
      return withKeyLocks(deps.db, keys, async (tx) => {
        const at = now();
        for (const rule of rules) {
          const since = new Date(at.getTime() - rule.windowMs);
          // Events that left the window are never counted again: drop them as we pass.
          await throttleRepo.deleteUpTo(tx, rule.kind, rule.key, since);
          const { count, oldest } = await throttleRepo.window(tx, rule.kind, rule.key, since);
          if (count >= rule.limit) {
            const freeAt = (oldest ?? at).getTime() + rule.windowMs;
            throw new AppError(rule.code, {
              retryAfterSeconds: Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)),
            });
          }
        }
        const ticket: ThrottleTicket = [];
        for (const rule of rules) {
          ticket.push(await throttleRepo.insert(tx, { kind: rule.kind, key: rule.key, createdAt: at }));
        }
        return ticket;
      });
    },

    /** Uncounts the events of a `take` (e.g. a login attempt that succeeded). */
    giveBack: (ticket: ThrottleTicket) => throttleRepo.deleteIds(deps.db, ticket),

    /** Forgets every event of `kind` for `key` (e.g. failed logins once the password was reset). */
    clear: (kind: string, key: string, tx: DbOrTx = deps.db) => throttleRepo.deleteAll(tx, kind, key),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
