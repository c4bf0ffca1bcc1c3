import { DEFAULT_BEAN_COSTS, email as emailSchema } from "@beannote/contract";
import type { Db } from "../db/client";
import { AppError } from "../http/app-error";
import { ERROR_MESSAGES } from "../http/messages";
import { createAuthService } from "../modules/auth/auth.service";
import { createMemberService } from "../modules/member/member.service";
import type { Storage } from "../storage/storage";
import { createFeedbackService } from "../modules/feedback/feedback.service";
import { FEEDBACK_USAGE, feedbackAdmin } from "../modules/feedback/feedback.admin";
import { createStudentService, studentDiscount } from "../modules/student/student.service";
import { STUDENTS_USAGE, studentsAdmin } from "../modules/student/student.admin";
import { createBeanService } from "../modules/beans/beans.service";
import { BEANS_USAGE, beansAdmin } from "../modules/beans/beans.admin";
import { STORAGE_USAGE, storageAdmin } from "../modules/storage-sweep/storage-sweep.admin";

const USAGE = `Usage: npm run admin -- <command>
  list                                    list every account
  create <email> <password> [nickname]    create an account (no mail code needed)
  set-password <email> <password>         set a new password and end the account's sessions
  disable <email>                         disable an account and end its sessions
  enable <email>                          enable a disabled account
${BEANS_USAGE}
${STUDENTS_USAGE}
${FEEDBACK_USAGE}
${STORAGE_USAGE}`;

/** What the operator's commands work on: the database, stored files and a few settings. */
export interface AdminDeps {
  db: Db;
  storage: Storage;
  startingBeans: number;
  /** PUBLIC_URL, for feedback image links. */
  publicUrl?: string;
  out: (line: string) => void;
}

/** The operator's commands; returns the exit code. */
export async function runAdminCommand(argv: string[], deps: AdminDeps): Promise<number> {
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
  const emailCommands = ["create", "set-password", "disable", "enable", "beans"];
  const studentEmail = command === "students" && args[0] !== "list" ? args[1] : undefined;
  try {
    if (
      email !== undefined &&
      emailCommands.includes(command ?? "") &&
      !emailSchema.safeParse(email).success
    ) {
      throw new AppError("EMAIL_INVALID");
    }
    if (studentEmail !== undefined && !emailSchema.safeParse(studentEmail.trim().toLowerCase()).success) {
      throw new AppError("EMAIL_INVALID");
    }
    switch (command) {
      case "feedback": {
        const feedback = createFeedbackService({
          db: deps.db,
          storage: deps.storage,
          publicUrl: deps.publicUrl,
        });
        const code = await feedbackAdmin(args, feedback, deps.out);
        if (code !== undefined) return code;
        break;
      }
      case "storage": {
        const code = await storageAdmin(args, deps, deps.out);
        if (code !== undefined) return code;
        break;
      }
      case "students": {
        const code = await studentsAdmin(args, createStudentService(deps), deps.out);
        if (code !== undefined) return code;
        break;
      }
      case "beans": {
        // Grants and balances only: prices and BEANS do not matter here.
        const beans = createBeanService({
          db: deps.db,
          config: { BEANS: "on", BEAN_COSTS: DEFAULT_BEAN_COSTS, APP_DOWNLOAD_URL: "" },
          students: studentDiscount,
        });
        const userIdOf = async (address: string) => {
          const account = (await members.adminList()).find((row) => row.email === address);
          if (!account) throw new AppError("NOT_FOUND");
          return account.userId;
        };
        const code = await beansAdmin(args, beans, userIdOf, deps.out);
        if (code !== undefined) return code;
        break;
      }
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
