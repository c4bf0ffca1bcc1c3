import { useQuery } from "@tanstack/react-query";
import { listPrice, priceFor, type BeanAction } from "@beannote/contract/beans";
import { useWebConfig } from "../account/use-web-config";
import { useToken } from "../account/session";
import { beansApi, beansKeys } from "./api";

/** The student discount's state for the signed-in user. */
export function useStudentStatus() {
  const token = useToken();
  return useQuery({
    queryKey: [...beansKeys.student(), token],
    queryFn: beansApi.student,
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export interface Price {
  /** What the student pays now. */
  pay: number;
  /** The price before the student discount (equal to `pay` without one). */
  list: number;
}

/**
 * Prices as the signed-in student pays them (`/config/web` costs, minus the discount once approved).
 * `enabled` is false when the server does not charge at all (BEANS=off), or until the config has loaded.
 */
export function usePrices() {
  const { data: config } = useWebConfig();
  const studentQuery = useStudentStatus();
  const student = studentQuery.data;
  // A price shown before the student's status is known would change under the reader's eyes (list, then
  // discounted): wait for it (a disabled query, with no one signed in, is pending but idle).
  const studentKnown = studentQuery.status !== "pending" || studentQuery.fetchStatus === "idle";
  const beans = config?.beans;
  const isStudent = student?.status === "approved";
  return {
    enabled: Boolean(beans?.enabled),
    /** Whether prices can be shown: the config and the student's status are both known. */
    ready: Boolean(beans) && studentKnown,
    isStudent,
    discountPercent: beans?.studentDiscountPercent ?? 70,
    appDownloadUrl: config?.appDownloadUrl,
    costs: beans?.costs,
    price(action: BeanAction, pages = 0): Price | null {
      if (!beans?.enabled || !studentKnown) return null;
      return {
        list: listPrice(beans.costs, action, pages),
        pay: priceFor(beans.costs, action, { pages, student: isStudent }),
      };
    },
  };
}
