import { email as emailSchema } from "@beannote/contract";
import type { Db } from "../db/client";
import { AppError } from "../http/app-error";
import { ERROR_MESSAGES } from "../http/messages";
import { createAuthService } from "../modules/auth/auth.service";
import { createMemberService } from "../modules/member/member.service";

const USAGE = `Usage: npm run admin -- <command>
  list                                    list every account
  create <email> <password> [nickname]    create an account (no mail code needed)
  set-password <email> <password>         set a new password and end the account's sessions
  disable <email>                         disable an account and end its sessions
  enable <email>                          enable a disabled account`;

/** The operator's account commands; returns the exit code. */
export async function runAdminCommand(
  argv: string[],
  deps: { db: Db; startingBeans: number; out: (line: string) => void },
): Promise<number> {
  const members = createMemberService({
    db: deps.db,
    auth: createAuthService({ db: deps.db, ttlDays: 30 }),
    mailer: { send: async () => {} },
    captcha: { generate: () => ({ text: "", image: "" }) },
    captchaRequired: false,
    startingBeans: deps.startingBeans,
    iconUrl: () => "",
  });
  const [command, ...args] = argv;
  const email = args[0]?.trim().toLowerCase();
  try {
    if (email !== undefined && command !== "list" && !emailSchema.safeParse(email).success) {
      throw new AppError("EMAIL_INVALID");
    }
    switch (command) {
      case "list": {
        const rows = await members.adminList();
        deps.out(["userId", "email", "nickname", "disabled", "createdAt"].join("\t"));
        for (const row of rows)
          deps.out([row.userId, row.email, row.nickname, row.disabled, row.createdAt].join("\t"));
        return 0;
      }
      case "create":
        if (!email || !args[1]) break;
        deps.out(
          `created ${email} with user id ${await members.adminCreate({ email, password: args[1], nickname: args[2] })}`,
        );
        return 0;
      case "set-password":
        if (!email || !args[1]) break;
        await members.adminSetPassword(email, args[1]);
        deps.out(`password set for ${email}; its sessions have ended`);
        return 0;
      case "disable":
      case "enable":
        if (!email) break;
        await members.adminSetDisabled(email, command === "disable");
        deps.out(`${email} ${command}d`);
        return 0;
    }
  } catch (error) {
    if (error instanceof AppError) {
      deps.out(`error: ${ERROR_MESSAGES[error.code].en} (${error.code})`);
      return 2;
    }
    throw error;
  }
  deps.out(USAGE);
  return 1;
}
