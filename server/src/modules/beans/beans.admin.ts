import type { BeanService } from "./beans.service";

export const BEANS_USAGE = `  beans <email> [+N | -N]                 show, grant or take an account's Beancoin (never below 0)`;

/** `npm run admin -- beans …`; undefined when the arguments are not a beans command. */
export async function beansAdmin(
  args: string[],
  beans: Pick<BeanService, "adjust" | "balance">,
  userIdOf: (email: string) => Promise<string>,
  out: (line: string) => void,
): Promise<number | undefined> {
  const [rawEmail, change] = args;
  const email = rawEmail?.trim().toLowerCase();
  if (!email || (change !== undefined && !/^[+-]\d+$/.test(change))) return undefined;
  const userId = await userIdOf(email);
  const balance =
    change === undefined ? await beans.balance(userId) : await beans.adjust(userId, Number(change));
  out(`${email}: ${balance} Beancoin`);
  return 0;
}
