import { describe, expect, it } from "vitest";
import { LINK_WINDOW_S, audioSignature, linkExpiry, verifyAudioLink } from "./audio-link";

const secret = "episode-secret";
const key = "podcasts/u/n/audio.mp3";
const signed = (expires: number) => audioSignature(secret, key, expires);
const verify = (expires: number, now: Date) =>
  verifyAudioLink(secret, key, String(expires), signed(expires), now);

describe("signed audio links", () => {
  const now = new Date("2026-11-26T10:17:00Z");

  it("accepts the links the server issues for as long as they last", () => {
    const expires = linkExpiry(now);
    expect(verify(expires, now)).toBe(true);
    expect(verify(expires, new Date(expires * 1000 - 1000))).toBe(true);
    expect(verify(expires, new Date(expires * 1000))).toBe(false);
    // a link issued at the very end of a window, read at once, is still good
    const late = new Date((Math.floor(now.getTime() / 1000 / LINK_WINDOW_S) + 1) * LINK_WINDOW_S * 1000 - 1);
    expect(verify(linkExpiry(late), late)).toBe(true);
  });

  it("refuses a correctly signed expiry farther ahead than any link the server issues", () => {
    const nowS = Math.floor(now.getTime() / 1000);
    for (const expires of [
      linkExpiry(now) + LINK_WINDOW_S,
      nowS + 2 * LINK_WINDOW_S + 3600,
      nowS + 365 * 24 * 3600,
      999_999_999_999,
    ])
      expect([expires, verify(expires, now)]).toEqual([expires, false]);
  });
});
