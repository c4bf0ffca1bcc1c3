import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../api";
import { connectionStore } from "./connection-store";
import { showIfBeansInsufficient } from "../features/beans/insufficient-store";

const onTimeout = (error: unknown) => {
  if (isApiError(error) && error.transport === "timeout") connectionStore.set(true);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onTimeout }),
    // A paid action refused for lack of Beancoins opens the "recharge in the mobile app" dialog, wherever it was.
    mutationCache: new MutationCache({ onError: (error) => void showIfBeansInsufficient(error) }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
