import { startServer, type RunningServer, type StartOptions } from "../src/main";
import type { TestDatabase } from "./test-db";

/** A fixed captcha so tests (and browser journeys) can answer it; production uses the SVG generator. */
export const KNOWN_CAPTCHA = {
  text: "AbCd",
  generate: () => ({ text: "AbCd", image: "data:image/svg+xml;base64,PHN2Zy8+" }),
};

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  http: number;
  body: { status: number; code?: string; message: string; data: T };
}

export interface TestServer extends RunningServer {
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: CallOptions,
  ): Promise<CallResult<T>>;
}

/** Starts the real server on a free port against a test database. */
export async function startTestServer(
  database: TestDatabase,
  options: Omit<StartOptions, "env"> & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const server = await startServer({
    ...options,
    captcha: options.captcha ?? KNOWN_CAPTCHA,
    // the suites load the language tools when a job needs them, not at every server start
    worker: { warmNlp: false, ...options.worker },
    env: { PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...database.env, ...options.env },
  });
  return {
    ...server,
    async call(method, path, { body, token, headers } = {}) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(token ? { token, authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      return { http: response.status, body: (await response.json()) as CallResult<never>["body"] };
    },
  };
}
