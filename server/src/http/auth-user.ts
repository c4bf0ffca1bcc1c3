/** Who sent a request: set by the API's auth hook (app.ts) from the session its token names. */
export interface AuthUser {
  userId: string;
  tokenHash: string;
}

/** The token comes from the `token` header or `Authorization: Bearer`. */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | undefined {
  const direct = headers.token;
  const tokenHeader = Array.isArray(direct) ? direct[0] : direct;
  if (tokenHeader && tokenHeader.trim()) return tokenHeader.trim();
  const authorization = headers.authorization;
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = value?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim() || undefined;
}
