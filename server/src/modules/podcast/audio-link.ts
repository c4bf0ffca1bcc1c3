import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A link is valid for at least this long and at most twice as long. */
export const LINK_WINDOW_S = 6 * 60 * 60;

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

/** True when `signature` was made with the episode's secret for this object and `expires` is ahead. */
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
  const expected = Buffer.from(sign(secret, audioKey, at));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
