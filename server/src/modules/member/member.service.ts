import { createHash, randomInt } from "node:crypto";
import argon2 from "argon2";
import {
  passwordRule,
  type CodeType,
  type ForgetRequest,
  type LoginRequest,
  type MemberInfo,
  type ModifyInfoRequest,
  type RegisterRequest,
  type SendCodeRequest,
} from "@beannote/contract";
import { QUOTA_DEFAULTS } from "../../config";
import type { Db, DbOrTx } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import type { AuthService } from "../auth/auth.service";
import { AppError } from "../../http/app-error";
import type { ServerLanguage } from "../../http/messages";
import { createThrottle } from "../throttle/throttle.service";
import { memberRepo, type UserRow } from "./member.repo";
import { codeMail } from "./member-mail";

const MINUTE = 60 * 1000;
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_RESEND_MS = 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const SEND_CODE_PER_IP_PER_HOUR = 10;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_MS = 15 * MINUTE;
const CAPTCHA_TTL_MS = 5 * MINUTE;

export interface MemberServiceDeps {
  db: Db;
  mailer: Mailer;
  auth: AuthService;
  captcha: { generate(): { text: string; image: string } };
  captchaRequired: boolean;
  startingBeans: number;
  /** New captchas one client address may ask for per minute (each is a database write). */
  captchasPerMinute?: number;
  iconUrl: (iconKey: string | null) => string;
  now?: () => Date;
}

const hashCode = (email: string, type: string, code: string) =>
  createHash("sha256").update(`${email}\n${type}\n${code}`).digest("hex");

/** A numeric public user id, 9 digits, never starting with 0. */
const newUserId = () => String(randomInt(100_000_000, 1_000_000_000));

function assertStrongPassword(password: string): void {
  if (!passwordRule.safeParse(password).success) throw new AppError("PASSWORD_WEAK");
}

export function createMemberService(deps: MemberServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;
  const throttle = createThrottle({ db, now });
  /** What login checks an unknown account's password against, so both answers take the same time. */
  const dummyHash = argon2.hash("not-a-real-password-1", { type: argon2.argon2id });

  async function verifyCode(tx: DbOrTx, email: string, type: CodeType, code: string, consume: boolean) {
    const row = await memberRepo.latestOpenCode(tx, email, type);
    if (!row) throw new AppError("CODE_INVALID");
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError("CODE_TOO_MANY_TRIES");
    if (row.expiresAt.getTime() <= now().getTime()) throw new AppError("CODE_EXPIRED");
    if (row.codeHash !== hashCode(email, type, code)) {
      const attempts = await memberRepo.countCodeAttempt(tx, row.id);
      throw new AppError(attempts >= CODE_MAX_ATTEMPTS ? "CODE_TOO_MANY_TRIES" : "CODE_INVALID");
    }
    if (consume && !(await memberRepo.consumeCode(tx, row.id, now()))) throw new AppError("CODE_INVALID");
  }

  async function presentInfo(user: UserRow): Promise<MemberInfo> {
    return {
      nickname: user.nickname,
      userId: user.id,
      iconUrl: deps.iconUrl(user.iconKey),
      phone: user.phone ?? "",
      effectCloudBeans: await memberRepo.beanBalance(db, user.id),
      mailAccount: user.email,
      language: user.language,
    };
  }

  async function createUser(
    tx: DbOrTx,
    input: { email: string; password: string; nickname?: string; language: string },
  ): Promise<string> {
    const id = newUserId();
    await memberRepo.insertUser(tx, {
      id,
      email: input.email,
      passwordHash: await argon2.hash(input.password, { type: argon2.argon2id }),
      nickname: input.nickname ?? input.email.split("@")[0]!.slice(0, 32),
      language: input.language,
    });
    if (deps.startingBeans > 0) await memberRepo.addBeans(tx, id, deps.startingBeans, "welcome");
    return id;
  }

  return {
    async newCaptcha(context: { ip: string }): Promise<{ captchaId: string; image: string }> {
      await throttle.take([
        {
          kind: "captcha-ip",
          key: context.ip,
          limit: deps.captchasPerMinute ?? QUOTA_DEFAULTS.CAPTCHAS_PER_MINUTE,
          windowMs: MINUTE,
          code: "RATE_LIMITED",
        },
      ]);
      const challenge = deps.captcha.generate();
      const captchaId = crypto.randomUUID();
      await memberRepo.deleteExpiredCaptchas(db, now());
      await memberRepo.insertCaptcha(db, {
        id: captchaId,
        answer: challenge.text.toLowerCase(),
        expiresAt: new Date(now().getTime() + CAPTCHA_TTL_MS),
      });
      return { captchaId, image: challenge.image };
    },

    async sendCode(input: SendCodeRequest, context: { ip: string; language: ServerLanguage }): Promise<void> {
      if (deps.captchaRequired) {
        const stored = input.captchaId ? await memberRepo.takeCaptcha(db, input.captchaId) : undefined;
        const answer = input.captchaCode?.trim().toLowerCase();
        if (!stored || !answer || stored.expiresAt <= now() || stored.answer !== answer) {
          throw new AppError("CAPTCHA_INVALID");
        }
      }
      await throttle.take([
        {
          kind: "send-code-email",
          key: input.email,
          limit: 1,
          windowMs: CODE_RESEND_MS,
          code: "CODE_TOO_FREQUENT",
        },
        {
          kind: "send-code-ip",
          key: context.ip,
          limit: SEND_CODE_PER_IP_PER_HOUR,
          windowMs: 60 * MINUTE,
          code: "RATE_LIMITED",
        },
      ]);

      // No account probing: a taken address (register) or an unknown one (forget) gets the same 200, no mail.
      const existing = await memberRepo.findUserByEmail(db, input.email);
      if ((input.type === "register") === Boolean(existing)) return;

      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      await memberRepo.insertCode(db, {
        email: input.email,
        type: input.type,
        codeHash: hashCode(input.email, input.type, code),
        expiresAt: new Date(now().getTime() + CODE_TTL_MS),
      });
      await deps.mailer.send(codeMail(input.email, input.type, code, context.language));
    },

    async checkCode(input: { email: string; type: CodeType; code: string }): Promise<void> {
      await verifyCode(db, input.email, input.type, input.code, false);
    },

    async register(input: RegisterRequest, context: { language: string }): Promise<string> {
      assertStrongPassword(input.password);
      return db.transaction(async (tx) => {
        // The code first: a taken address never has a register code, so this answers CODE_INVALID, not "taken".
        await verifyCode(tx, input.email, "register", input.code, true);
        if (await memberRepo.findUserByEmail(tx, input.email)) throw new AppError("EMAIL_TAKEN");
        const userId = await createUser(tx, { ...input, language: context.language });
        return deps.auth.issueToken(userId, tx);
      });
    },

    async forget(input: ForgetRequest): Promise<void> {
      if (input.password !== input.confirmPassword) throw new AppError("PASSWORD_MISMATCH");
      assertStrongPassword(input.password);
      const passwordHash = await argon2.hash(input.password, { type: argon2.argon2id });
      await db.transaction(async (tx) => {
        await verifyCode(tx, input.email, "forget", input.code, true);
        const user = await memberRepo.findUserByEmail(tx, input.email);
        if (!user) throw new AppError("CODE_INVALID");
        await memberRepo.updateUser(tx, user.id, { passwordHash });
        await deps.auth.revokeAll(user.id, tx);
        await throttle.clear("login-fail-account", input.email, tx);
      });
    },

    async login(input: LoginRequest, context: { ip: string }): Promise<string> {
      // Every attempt counts as a failure before the slow hash check, in one locked step: a burst of
      // concurrent guesses gets at most the limit checked. A right password takes its count back.
      const ticket = await throttle.take([
        {
          kind: "login-fail-account",
          key: input.email,
          limit: LOGIN_FAILURES_PER_ACCOUNT,
          windowMs: LOGIN_WINDOW_MS,
          code: "LOGIN_BLOCKED",
        },
        {
          kind: "login-fail-ip",
          key: context.ip,
          limit: LOGIN_FAILURES_PER_IP,
          windowMs: LOGIN_WINDOW_MS,
          code: "LOGIN_BLOCKED",
        },
      ]);
      const user = await memberRepo.findUserByEmail(db, input.email);
      const matches = await argon2.verify(user?.passwordHash ?? (await dummyHash), input.password);
      if (!user || !matches) throw new AppError("LOGIN_FAILED");
      await throttle.clear("login-fail-account", input.email);
      await throttle.giveBack(ticket);
      if (user.disabled) throw new AppError("ACCOUNT_DISABLED");
      return deps.auth.issueToken(user.id);
    },

    async getInfo(userId: string): Promise<MemberInfo> {
      const user = await memberRepo.findUserById(db, userId);
      if (!user) throw new AppError("TOKEN_INVALID");
      return presentInfo(user);
    },

    async modifyInfo(userId: string, input: ModifyInfoRequest): Promise<MemberInfo> {
      const patch: { nickname?: string; language?: string } = {};
      if (input.nickname !== undefined) patch.nickname = input.nickname;
      if (input.language !== undefined) patch.language = input.language;
      if (Object.keys(patch).length > 0) await memberRepo.updateUser(db, userId, patch);
      return this.getInfo(userId);
    },

    /** For the admin CLI: creates an account without a mail code. */
    async adminCreate(input: { email: string; password: string; nickname?: string }): Promise<string> {
      assertStrongPassword(input.password);
      return db.transaction(async (tx) => {
        if (await memberRepo.findUserByEmail(tx, input.email)) throw new AppError("EMAIL_TAKEN");
        return createUser(tx, { ...input, language: "en-US" });
      });
    },

    async adminSetPassword(email: string, password: string): Promise<void> {
      assertStrongPassword(password);
      const user = await memberRepo.findUserByEmail(db, email);
      if (!user) throw new AppError("NOT_FOUND");
      await memberRepo.updateUser(db, user.id, {
        passwordHash: await argon2.hash(password, { type: argon2.argon2id }),
      });
      await deps.auth.revokeAll(user.id);
    },

    async adminSetDisabled(email: string, disabled: boolean): Promise<void> {
      const user = await memberRepo.findUserByEmail(db, email);
      if (!user) throw new AppError("NOT_FOUND");
      await memberRepo.updateUser(db, user.id, { disabled });
      if (disabled) await deps.auth.revokeAll(user.id);
    },

    async adminList() {
      const rows = await memberRepo.listUsers(db);
      return rows.map((row) => ({
        userId: row.id,
        email: row.email,
        nickname: row.nickname,
        disabled: row.disabled,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
