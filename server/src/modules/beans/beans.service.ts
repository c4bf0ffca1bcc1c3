import {
  ledgerQuery,
  LEDGER_KINDS,
  priceFor,
  type BeanAction,
  type LedgerKind,
  type LedgerQuery,
  type LedgerResponse,
} from "@beannote/contract";
import type { Config } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../http/app-error";
import { beansRepo } from "./beans.repo";

/** Whether a user's student discount applies (the student feature answers). */
export interface StudentDiscount {
  approved(db: DbOrTx, userId: string): Promise<boolean>;
}

/** One paid action, debited inside the transaction that enqueues its job. */
export interface Charge {
  userId: string;
  action: BeanAction;
  jobId: string;
  noteId?: string | null;
  noteTitle?: string | null;
  /** Pages of the sources (note generation). */
  pages?: number;
}

/** The most Beancoin an account holds: an operator's grant stops there (and every ledger row fits int4). */
export const MAX_BEAN_BALANCE = 1_000_000_000;

/** The largest delta one ledger row holds (`integer`). */
const INT4_MAX = 2_147_483_647;

const isLedgerKind = (value: string): value is LedgerKind =>
  (LEDGER_KINDS as readonly string[]).includes(value);

/** Prices, charges, top-ups and refunds of Beancoin; a balance never goes below zero. */
export function createBeanService(deps: {
  db: Db;
  config: Pick<Config, "BEANS" | "BEAN_COSTS" | "APP_DOWNLOAD_URL">;
  students: StudentDiscount;
  now?: () => Date;
}) {
  const { db, config } = deps;
  const enabled = config.BEANS === "on";
  const now = deps.now ?? (() => new Date());

  async function price(tx: DbOrTx, userId: string, action: BeanAction, pages?: number): Promise<number> {
    if (!enabled) return 0;
    const student = await deps.students.approved(tx, userId);
    return priceFor(config.BEAN_COSTS, action, { pages, student });
  }

  /** Debits `amount` after locking the account; BEANS_INSUFFICIENT (402) when the balance is short. */
  async function debit(tx: DbOrTx, charge: Charge, amount: number): Promise<number> {
    if (amount <= 0) return 0;
    await beansRepo.lockUser(tx, charge.userId);
    const balance = await beansRepo.balance(tx, charge.userId);
    if (balance < amount) {
      throw new AppError("BEANS_INSUFFICIENT", {
        required: amount,
        balance,
        appDownloadUrl: config.APP_DOWNLOAD_URL,
      });
    }
    const noteTitle =
      charge.noteTitle ?? (charge.noteId ? await beansRepo.noteTitle(tx, charge.noteId) : null);
    await beansRepo.insert(tx, {
      userId: charge.userId,
      delta: -amount,
      reason: "charge",
      action: charge.action,
      noteId: charge.noteId ?? null,
      noteTitle,
      jobId: charge.jobId,
      createdAt: now(),
    });
    return amount;
  }

  return {
    enabled,

    /** What `userId` pays for `action` now (0 when charging is off). */
    price: (userId: string, action: BeanAction, pages?: number) => price(db, userId, action, pages),

    /**
     * Charges an action inside `tx`, the transaction that also enqueues its job: both commit or neither does.
     * Returns the amount debited.
     */
    async charge(tx: DbOrTx, charge: Charge): Promise<number> {
      return debit(tx, charge, await price(tx, charge.userId, charge.action, charge.pages));
    },

    /**
     * Brings a job's charge up to its full price once it is known (a note's pages when its files were still
     * being read at enqueue time). Idempotent: a retried job pays only what is still missing.
     */
    async settle(charge: Charge): Promise<number> {
      if (!enabled) return 0;
      return db.transaction(async (tx) => {
        const full = await price(tx, charge.userId, charge.action, charge.pages);
        await beansRepo.lockUser(tx, charge.userId);
        const paid = await beansRepo.chargedForJob(tx, charge.jobId);
        return debit(tx, charge, full - paid);
      });
    },

    /** Gives back every charge of a job that failed or was cancelled; safe to call twice. */
    async refundJob(jobId: string): Promise<number> {
      return db.transaction(async (tx) => {
        let refunded = 0;
        for (const charge of await beansRepo.openCharges(tx, jobId)) {
          if (await beansRepo.refund(tx, charge, now())) refunded += -charge.delta;
        }
        return refunded;
      });
    },

    /**
     * Grants (positive) or takes (negative) Beancoin by an operator: never below zero, never above
     * MAX_BEAN_BALANCE (a grant stops at the cap). Answers the new balance and what was applied.
     */
    async adjust(userId: string, delta: number): Promise<{ balance: number; applied: number }> {
      return db.transaction(async (tx) => {
        await beansRepo.lockUser(tx, userId);
        const balance = await beansRepo.balance(tx, userId);
        const applied =
          delta > 0 ? Math.max(0, Math.min(delta, MAX_BEAN_BALANCE - balance)) : Math.max(delta, -balance);
        // A balance from before the cap may exceed one row's range: take it in rows that fit.
        for (let left = applied; left !== 0;) {
          const part = Math.sign(left) * Math.min(Math.abs(left), INT4_MAX);
          await beansRepo.insert(tx, { userId, delta: part, reason: "admin" });
          left -= part;
        }
        return { balance: balance + applied, applied };
      });
    },

    balance: (userId: string) => beansRepo.balance(db, userId),

    async ledger(userId: string, rawQuery: LedgerQuery): Promise<LedgerResponse> {
      const query = ledgerQuery.parse(rawQuery);
      const [{ rows, total }, balance] = await Promise.all([
        beansRepo.history(db, userId, query.page, query.size),
        beansRepo.balance(db, userId),
      ]);
      return {
        balance,
        total,
        page: query.page,
        size: query.size,
        items: rows.map((row) => ({
          entryId: row.id,
          createdAt: row.createdAt.toISOString(),
          kind: isLedgerKind(row.reason) ? row.reason : "admin",
          action: (row.action as BeanAction | null) ?? null,
          noteId: row.noteId,
          noteTitle: row.noteTitle,
          amount: row.delta,
          refunded: row.refunded,
        })),
      };
    },
  };
}

export type BeanService = ReturnType<typeof createBeanService>;
