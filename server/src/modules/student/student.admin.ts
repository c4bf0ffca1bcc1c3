import type { StudentService } from "./student.service";

export const STUDENTS_USAGE = `  students list                           student ID requests: status, dates, reason and the image file
  students approve <email>                grant the student discount
  students reject <email> [reason…]       refuse it; the student sees the reason in settings`;

/** `npm run admin -- students …`; undefined when the arguments are not a students command. */
export async function studentsAdmin(
  args: string[],
  students: StudentService,
  out: (line: string) => void,
): Promise<number | undefined> {
  const [sub, rawEmail, ...rest] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (sub === "list") {
    out(["email", "status", "submittedAt", "reviewedAt", "reason", "image"].join("\t"));
    for (const row of await students.adminList()) {
      out(
        [row.email, row.status, row.submittedAt, row.reviewedAt ?? "", row.reason ?? "", row.imagePath].join(
          "\t",
        ),
      );
    }
    return 0;
  }
  if (sub === "approve" && email) {
    await students.approve(email);
    out(`${email}: student discount approved`);
    return 0;
  }
  if (sub === "reject" && email) {
    const reason = rest.join(" ").trim() || null;
    await students.reject(email, reason);
    out(`${email}: student discount rejected${reason ? ` (${reason})` : ""}`);
    return 0;
  }
  return undefined;
}
