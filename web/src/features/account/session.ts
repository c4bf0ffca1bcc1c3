import { useCallback, useSyncExternalStore } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { accountKeys, accountsApi, getToken, setToken, subscribeToken } from "../../api";
import { toUserView } from "./user-view";

export const LOGIN_PATHS = ["/", "/pages/login"];
export const isLoginPath = (pathname: string) => LOGIN_PATHS.includes(pathname.replace(/\/+$/, "") || "/");

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}

/** The signed-in user's info; disabled (reason: no token) while no token is stored. */
export function useMe() {
  const token = useToken();
  const query = useQuery({
    queryKey: [...accountKeys.me(), token],
    queryFn: accountsApi.getInfo,
    enabled: Boolean(token),
    retry: false,
    staleTime: 30_000,
    select: toUserView,
  });
  return { ...query, token };
}

/** Session reset of spec §4: user fields cleared, token removed, sent to /pages/login. */
export function useResetSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    setToken(null);
    queryClient.removeQueries({ queryKey: accountKeys.me() });
    void navigate("/pages/login", { replace: true });
  }, [queryClient, navigate]);
}

/** Stores a fresh token and opens the home page. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (token: string) => {
      queryClient.removeQueries({ queryKey: accountKeys.me() });
      setToken(token);
      await navigate("/pages/index", { replace: true });
    },
    [queryClient, navigate],
  );
}
