import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../api";
import { connectionStore } from "./connection-store";

const onTimeout = (error: unknown) => {
  if (isApiError(error) && error.transport === "timeout") connectionStore.set(true);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onTimeout }),
    mutationCache: new MutationCache({}),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
