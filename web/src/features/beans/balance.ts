import type { QueryClient } from "@tanstack/react-query";
import { accountKeys } from "../../api";

declare module "@tanstack/react-query" {
  interface Register {
    /** `paid`: the call charges Beancoins (a job started), so the header's balance is read again. */
    mutationMeta: { paid?: boolean };
  }
}

/** Marks a mutation that charges Beancoins: `useMutation({ meta: PAID, … })`. */
export const PAID = { paid: true } as const;

/**
 * Reads the balance again after a charge or a refund: the server debits in the transaction that starts the
 * job (and refunds a failed one), while the header shows the account info it read before, for 30 s.
 */
export function refreshBalance(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
}
