import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../api";
import { connectionStore } from "./connection-store";
import { showIfBeansInsufficient } from "../features/beans/insufficient-store";
import { refreshBalance } from "../features/beans/balance";

const onTimeout = (error: unknown) => {
  if (isApiError(error) && error.transport === "timeout") connectionStore.set(true);
};

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onTimeout }),
    mutationCache: new MutationCache({
      // A paid action refused for lack of Beancoins opens the "recharge in the mobile app" dialog, wherever it was.
      onError: (error) => void showIfBeansInsufficient(error),
      // A paid action that started its job has been charged: the header shows the new balance at once.
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.meta?.paid) refreshBalance(client);
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
