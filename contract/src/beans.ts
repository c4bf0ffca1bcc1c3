import { z } from "zod";
import { ARTEFACT_KIND_CONTRACTS } from "./artefact-kinds";
import { composed, type Declared, type KindContract } from "./kind-contract";
import { STUDENT_DISCOUNT_PERCENT } from "./limits";

/** Each priced artefact kind's action with its default price, from the kinds' contracts (`price`). */
export function kindPricesOf<Kinds extends readonly KindContract[]>(kinds: Kinds) {
  const prices = composed({}, kinds, "price");
  for (const key of ["note", "noteBase", "notePer10Pages", "question"])
    if (Object.hasOwn(prices as object, key))
      throw new Error(`price "${key}" is not an artefact kind's to declare`);
  return prices;
}
type KindAction = Extract<keyof Declared<typeof ARTEFACT_KIND_CONTRACTS, "price">, string>;

/** The actions that cost Beancoin: a note, each priced artefact kind's (in the kinds' order), a question. */
export const beanActionsOf = <Kinds extends readonly KindContract[]>(kinds: Kinds) =>
  ["note", ...Object.keys(kindPricesOf(kinds)), "question"] as const;

/**
 * Actions that cost Beancoin. `note` is priced by the pages of its sources; every generated study artefact by
 * its kind (its contract's `price`). Exporting is free, and so is the mind map (drawn from the note on reading,
 * no generation). A `question` (Ask the document) is charged only when a model answers it; the offline answer
 * is free.
 */
export const BEAN_ACTIONS = beanActionsOf(ARTEFACT_KIND_CONTRACTS) as readonly [
  "note",
  ...KindAction[],
  "question",
];
export type BeanAction = (typeof BEAN_ACTIONS)[number];

/** The zod fields of the prices: one non-negative whole number each. */
const priceFields = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, z.number().int().min(0)])) as Record<Key, z.ZodNumber>;

/** The price schema for these kinds: a note's base and per-10-pages price, each kind's, a question's. */
export const beanCostsOf = <Kinds extends readonly KindContract[]>(kinds: Kinds) =>
  z.object({
    noteBase: z.number().int().min(0),
    notePer10Pages: z.number().int().min(0),
    ...priceFields(Object.keys(kindPricesOf(kinds)) as Extract<keyof Declared<Kinds, "price">, string>[]),
    question: z.number().int().min(0),
  });

/** Prices in Beancoin: a note costs `noteBase` plus `notePer10Pages` for every started ten pages. */
export const beanCosts = beanCostsOf(ARTEFACT_KIND_CONTRACTS);
export type BeanCosts = z.infer<typeof beanCosts>;

/** The default prices for these kinds: a note's, each kind's own (its contract's `price`), a question's. */
export const defaultBeanCostsOf = <Kinds extends readonly KindContract[]>(kinds: Kinds) => ({
  noteBase: 2,
  notePer10Pages: 1,
  ...kindPricesOf(kinds),
  question: 1,
});

/** The defaults a server uses when `BEAN_COSTS` does not override them. */
export const DEFAULT_BEAN_COSTS: BeanCosts = defaultBeanCostsOf(ARTEFACT_KIND_CONTRACTS);

/** The list price of an action (before any discount); `pages` counts for notes only. */
export function listPrice(costs: BeanCosts, action: BeanAction, pages = 0): number {
  if (action === "note") return costs.noteBase + costs.notePer10Pages * Math.ceil(Math.max(0, pages) / 10);
  return costs[action];
}

/** A price after `percent` off, rounded up to a whole Beancoin (integer arithmetic: no float surprises). */
export function discounted(price: number, percent: number = STUDENT_DISCOUNT_PERCENT): number {
  return Math.floor((price * (100 - percent) + 99) / 100);
}

/** What a student pays: the list price, or the discounted one once the student ID is approved. */
export function priceFor(
  costs: BeanCosts,
  action: BeanAction,
  options: { pages?: number; student?: boolean } = {},
): number {
  const price = listPrice(costs, action, options.pages);
  return options.student ? discounted(price) : price;
}

/** The Beancoin part of `GET /config/web`: whether charging is on, the list prices and the student discount. */
export const beansWebConfig = z.object({
  enabled: z.boolean(),
  costs: beanCosts,
  studentDiscountPercent: z.number(),
});
export type BeansWebConfig = z.infer<typeof beansWebConfig>;

/** `data` of a 402 BEANS_INSUFFICIENT answer. */
export const beansInsufficientDetails = z.object({
  required: z.number(),
  balance: z.number(),
  appDownloadUrl: z.string(),
});
export type BeansInsufficientDetails = z.infer<typeof beansInsufficientDetails>;

// GET /beans/ledger
export const LEDGER_KINDS = ["welcome", "charge", "refund", "admin"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type LedgerQuery = z.input<typeof ledgerQuery>;

export const ledgerEntry = z.object({
  entryId: z.number(),
  createdAt: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** What was paid for (charges and their refunds). */
  action: z.enum(BEAN_ACTIONS).nullable(),
  /** The note it was for; null once that note is deleted (its title stays). */
  noteId: z.string().nullable(),
  noteTitle: z.string().nullable(),
  /** Signed: a charge is negative, a refund or grant positive. */
  amount: z.number(),
  /** For a charge: whether it was refunded (its job failed or was cancelled). */
  refunded: z.boolean(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ledgerResponse = z.object({
  balance: z.number(),
  items: z.array(ledgerEntry),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type LedgerResponse = z.infer<typeof ledgerResponse>;
