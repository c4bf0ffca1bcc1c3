import { useQuery } from "@tanstack/react-query";
import { accountKeys, accountsApi } from "../../api";

/** GET /config/web, fetched once per visit. */
export function useWebConfig() {
  return useQuery({
    queryKey: accountKeys.config(),
    queryFn: accountsApi.webConfig,
    staleTime: Infinity,
    retry: 2,
  });
}
