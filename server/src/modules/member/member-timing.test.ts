import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink";
import { startTestServer, type CallOptions, type TestServer } from "../../../test/test-server";

let ipCounter = 0;
/** Each call acts from its own address so the per-IP limits never answer instead of the password check. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let emailCounter = 0;
const freshEmail = () => `student${++emailCounter}.${Date.now()}@example.edu`;

/**
 * The one wall-clock bound of the accounts API (member.test.ts holds the rest): a file of its own so that it
 * runs with the timed files (vitest.config.ts SERVER_TIMED), alone, and the others run beside their neighbours.
 */
describe.each(testDatabases)("accounts API on $name, timed", (kind) => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let server: TestServer;

  beforeAll(async () => {
    database = await kind.create();
    smtp = await startSmtpSink();
    // member.test.ts's server
    server = await startTestServer(database, {
      env: { SMTP_URL: smtp.url, TRUST_PROXY: "on", STARTING_BEANS: "50" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.close();
  });

  const as = (ip: string, options: CallOptions = {}): CallOptions => ({
    ...options,
    headers: { "x-forwarded-for": ip, ...options.headers },
  });

  async function register(email = freshEmail(), password = "study2024") {
    const ip = freshIp();
    const { body: made } = await server.call<{ captchaId: string }>(
      "POST",
      "/captcha-new",
      as(ip, { body: {} }),
    );
    const sent = await server.call(
      "POST",
      "/member/send-code",
      as(ip, { body: { email, type: "register", captchaId: made.data.captchaId, captchaCode: "abcd" } }),
    );
    expect(sent.body.status).toBe(200);
    const code = await smtp.waitForCode(email);
    const { body } = await server.call<{ token: string }>(
      "POST",
      "/member/register/email",
      as(ip, { body: { email, code, password, nickname: "Lin" } }),
    );
    expect(body.status).toBe(200);
    return { email, password, token: body.data.token };
  }

  describe("POST /member/password-login", () => {
    it("an unknown account and a wrong password take the same time (the hash is checked either way)", async () => {
      const { email } = await register();
      const timed = async (address: string) => {
        await server.database.db.execute(sql`delete from throttle_events where key = ${address}`);
        const start = performance.now();
        const answer = await server.call(
          "POST",
          "/member/password-login",
          as(freshIp(), { body: { email: address, password: "wrong-pass-1" } }),
        );
        expect(answer.body.code).toBe("LOGIN_FAILED");
        return performance.now() - start;
      };
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        wrong.push(await timed(email));
        unknown.push(await timed(freshEmail()));
      }
      const ratio = median(unknown) / median(wrong);
      expect(ratio, `unknown ${median(unknown)} ms, wrong ${median(wrong)} ms`).toBeGreaterThan(0.6);
      expect(ratio, `unknown ${median(unknown)} ms, wrong ${median(wrong)} ms`).toBeLessThan(1.67);
    });
  });
});
