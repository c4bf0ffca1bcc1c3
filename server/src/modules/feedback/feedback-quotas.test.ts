import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { FeedbackImagesResponse, FeedbackResponse, MemberInfo } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { loginNewUser } from "../../../test/pipeline";
import { feedbackImages } from "../../db/schema";
import { runAdminCli } from "../../cli/admin-cli";

/** A PNG of random pixels: it hardly compresses, so each one costs real storage. */
const noisePng = (side = 300) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

/**
 * Per-user quotas on feedback (screenshot uploads and feedback posts, 429 with Retry-After), and screenshots
 * never attached to a feedback expiring after an hour. Limits are set low through the environment; ages are
 * set by moving the rows' creation time back, never by waiting.
 */
describe.each(testDatabases)("feedback quotas on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, {
      env: { FEEDBACK_IMAGE_UPLOADS_PER_HOUR: "3", FEEDBACK_PER_HOUR: "2" },
      worker: { pollMs: 50 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const upload = async (token: string, images: Buffer[]) => {
    const form = new FormData();
    for (const [i, bytes] of images.entries())
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), `noise-${i}.png`);
    const response = await fetch(`${server.url}/batch/upload/mail`, {
      method: "POST",
      headers: { token, language: "en" },
      body: form,
    });
    const body = (await response.json()) as {
      status: number;
      code?: string;
      message: string;
      data: FeedbackImagesResponse;
    };
    return { http: response.status, retryAfter: response.headers.get("retry-after"), body };
  };
  const send = async (token: string, images: string[], suggestion = "The export button does nothing.") => {
    const response = await fetch(`${server.url}/Feedback`, {
      method: "POST",
      headers: { token, "content-type": "application/json", language: "zh-CN" },
      body: JSON.stringify({ type: "usage_bug", suggestion, images, email: "student@uni.edu" }),
    });
    const body = (await response.json()) as {
      status: number;
      code?: string;
      message: string;
      data: FeedbackResponse;
    };
    return { http: response.status, retryAfter: response.headers.get("retry-after"), body };
  };
  const userIdOf = async (token: string) =>
    (await server.call<MemberInfo>("GET", "/member/get-info", { token })).body.data.userId;
  const imagesOf = (userId: string) =>
    server.database.db.select().from(feedbackImages).where(eq(feedbackImages.userId, userId));
  /** Moves images' creation back by `minutes`, as if they had been uploaded that long ago. */
  const age = (imageIds: string[], minutes: number) =>
    server.database.db
      .update(feedbackImages)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(inArray(feedbackImages.id, imageIds));
  const served = async (url: string) => (await fetch(`${server.url}${url}`)).status;

  it("takes a few screenshot uploads an hour per user, then 429 with Retry-After, storing nothing more", async () => {
    const carol = await loginNewUser(server, "carol@uni.edu");
    const dave = await loginNewUser(server, "dave@uni.edu");
    const noise = await Promise.all([noisePng(), noisePng()]);
    // eight bursts of two noise PNGs at once: exactly three go through
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(carol, noise)));
    expect(answers.filter((a) => a.http === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.http !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect([answer.http, answer.body.status, answer.body.code]).toEqual([429, 429, "RATE_LIMITED"]);
      expect(answer.body.message).toMatch(/try again/i);
      expect(Number(answer.retryAfter)).toBeGreaterThan(3500);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(3600);
    }
    expect(await imagesOf(await userIdOf(carol))).toHaveLength(6);
    // the limit is per user
    expect((await upload(dave, noise.slice(0, 1))).http).toBe(200);
    // refused before the images are read: a bad image past the limit is still 429, not IMAGE_INVALID
    expect((await upload(carol, [Buffer.from("not an image")])).body.code).toBe("RATE_LIMITED");
  });

  it("takes a few feedbacks an hour per user, then 429 with Retry-After; the refused ones change nothing", async () => {
    const erin = await loginNewUser(server, "erin@uni.edu");
    const uploaded = await upload(erin, await Promise.all(Array.from({ length: 6 }, () => noisePng(40))));
    const ids = uploaded.body.data.images.map((image) => image.imageId);
    expect(ids).toHaveLength(6);
    const posts = await Promise.all(ids.map((id, i) => send(erin, [id], `Bug number ${i}`)));
    expect(posts.filter((p) => p.http === 200)).toHaveLength(2);
    const refused = posts.filter((p) => p.http !== 200);
    expect(refused).toHaveLength(4);
    for (const post of refused) {
      expect([post.http, post.body.code]).toEqual([429, "RATE_LIMITED"]);
      expect(post.body.message).toMatch(/[\u4e00-\u9fff]/u);
      expect(Number(post.retryAfter)).toBeGreaterThan(0);
    }
    const rows = await imagesOf(await userIdOf(erin));
    expect(rows.filter((row) => row.feedbackId !== null)).toHaveLength(2);
    // another student still gets through
    const fay = await loginNewUser(server, "fay@uni.edu");
    const own = (await upload(fay, [await noisePng(40)])).body.data.images[0]!.imageId;
    expect((await send(fay, [own])).http).toBe(200);
  });

  it("deletes screenshots never attached to a feedback after an hour, rows and objects; keeps the others", async () => {
    const gus = await loginNewUser(server, "gus@uni.edu");
    const [attached, stale] = (await upload(gus, [await noisePng(40), await noisePng(40)])).body.data.images;
    const young = (await upload(gus, [await noisePng(40)])).body.data.images[0]!;
    expect((await send(gus, [attached!.imageId])).http).toBe(200);
    await age([attached!.imageId, stale!.imageId], 61);
    await age([young.imageId], 59);
    const path = (url: string) => new URL(url, "http://x").pathname;

    const sweep = async (...flags: string[]) => {
      const lines: string[] = [];
      const code = await runAdminCli(["storage", "sweep", ...flags], {
        env: database.env,
        out: (line) => lines.push(line),
      });
      return { code, lines };
    };
    const dry = await sweep("--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.lines).toContainEqual(
      expect.stringMatching(/^feedback images never attached, older than 60 min: 1 \(.* MB\), deleted: 0$/),
    );
    expect(await served(path(stale!.url))).toBe(200);

    const real = await sweep();
    expect(real.lines).toContainEqual(
      expect.stringMatching(/^feedback images never attached.*: 1 .*deleted: 1$/),
    );
    const left = (await imagesOf(await userIdOf(gus))).map((row) => row.id).sort();
    expect(left).toEqual([attached!.imageId, young.imageId].sort());
    expect(await served(path(stale!.url))).toBe(404);
    expect(await served(path(attached!.url))).toBe(200);
    expect(await served(path(young.url))).toBe(200);
    // an expired image cannot be sent any more
    expect((await send(gus, [stale!.imageId])).body.code).toBe("NOT_FOUND");
  });

  // One upload at a time, the same on both databases: PGlite only (test-db.ts's rule); the quotas under
  // simultaneous requests above and the sweep (the admin CLI's own connection) run on both.
  if (kind.name === "pglite") {
    it("drops the uploader's own expired screenshots when they upload again, without waiting for a sweep", async () => {
      const hal = await loginNewUser(server, "hal@uni.edu");
      const ivy = await loginNewUser(server, "ivy@uni.edu");
      const old = (await upload(hal, [await noisePng(40)])).body.data.images[0]!;
      const others = (await upload(ivy, [await noisePng(40)])).body.data.images[0]!;
      await age([old.imageId, others.imageId], 120);
      const fresh = (await upload(hal, [await noisePng(40)])).body.data.images[0]!;
      expect((await imagesOf(await userIdOf(hal))).map((row) => row.id)).toEqual([fresh.imageId]);
      expect(await served(new URL(old.url, "http://x").pathname)).toBe(404);
      // another user's are left to their own next upload or the sweep
      expect((await imagesOf(await userIdOf(ivy))).map((row) => row.id)).toEqual([others.imageId]);
    });
  }
});
