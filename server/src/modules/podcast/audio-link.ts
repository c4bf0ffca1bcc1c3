import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A link is valid for at least this long and at most twice as long. */
export const LINK_WINDOW_S = 6 * 60 * 60;

/** The longest a link the server issues lasts (`linkExpiry` gives 6 to 12 hours). */
export const LINK_MAX_LIFETIME_S = 2 * LINK_WINDOW_S;

/** Leeway for clocks of several server processes that disagree a little. */
const CLOCK_SKEW_S = 60;

/** A fresh secret for an episode's links (stored with the episode, never sent). */
export const newAudioSecret = () => randomBytes(32).toString("base64url");

const sign = (secret: string, audioKey: string, expires: number) =>
  createHmac("sha256", secret).update(`${audioKey}\n${expires}`).digest("base64url");

/**
 * When a link made now expires: the end of the next 6-hour window, so that the URL stays the same
 * across reloads (the player is not restarted) and is valid for 6 to 12 hours.
 */
export const linkExpiry = (now: Date) =>
  (Math.floor(now.getTime() / 1000 / LINK_WINDOW_S) + 2) * LINK_WINDOW_S;

/** The signature of an episode's audio object until `expires` (seconds since the epoch). */
export const audioSignature = sign;

/**
 * True when `signature` was made with the episode's secret for this object and `expires` is ahead, but no
 * farther than the longest lifetime the server issues (a link that never expires is refused even if signed).
 */
export function verifyAudioLink(
  secret: string,
  audioKey: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date,
): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 <= now.getTime()) return false;
  if (at * 1000 > now.getTime() + (LINK_MAX_LIFETIME_S + CLOCK_SKEW_S) * 1000) return false;
  const expected = Buffer.from(sign(secret, audioKey, at));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
