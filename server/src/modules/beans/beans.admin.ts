import { MAX_BEAN_BALANCE, type BeanService } from "./beans.service";

export const BEANS_USAGE = `  beans <email> [+N | -N]                 show, grant or take an account's Beancoin (never below 0, never above ${MAX_BEAN_BALANCE.toLocaleString("en")})`;

const cap = MAX_BEAN_BALANCE.toLocaleString("en");

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
  // Compared as digits: a 400-digit amount is no number. Any amount to take is fine (it stops at 0).
  const magnitude = change?.slice(1).replace(/^0+(?=\d)/, "") ?? "0";
  const tooLarge = magnitude.length > 10 || Number(magnitude) > MAX_BEAN_BALANCE;
  if (change?.startsWith("+") && tooLarge) {
    out(
      `error: ${change} is out of range: grant at most +${MAX_BEAN_BALANCE} (an account holds at most ${cap} Beancoin)`,
    );
    return 2;
  }
  const userId = await userIdOf(email);
  if (change === undefined) {
    out(`${email}: ${await beans.balance(userId)} Beancoin`);
    return 0;
  }
  const delta = change.startsWith("-")
    ? -(tooLarge ? Number.MAX_SAFE_INTEGER : Number(magnitude))
    : Number(magnitude);
  const { balance, applied } = await beans.adjust(userId, delta);
  const capped = delta > 0 && applied < delta;
  out(
    `${email}: ${balance} Beancoin${capped ? ` (capped: an account holds at most ${cap}; ${applied} granted)` : ""}`,
  );
  return 0;
}
