/**
 * Whether an error means the database could not be reached (PostgreSQL restarting, failing over, refusing or
 * dropping connections) rather than that a statement was wrong. Those answer 503 SERVICE_UNAVAILABLE, never 500:
 * the pool opens fresh connections once the database is back, so the client's retry works.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (isUnavailableCause(cause as Error & { code?: unknown })) return true;
    cause = cause.cause;
  }
  return false;
}

// PostgreSQL SQLSTATEs: class 08 connection exception; 57P01–57P03 admin/crash shutdown, cannot connect now;
// 53300 too many connections.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_SYSCALLS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);
// node-postgres reports a dropped or unreachable connection by message only.
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error",
  "timeout exceeded when trying to connect",
  "is not currently accepting connections",
];

function isUnavailableCause(error: Error & { code?: unknown }): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  if (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SYSCALLS.has(code)) return true;
  return UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text));
}
