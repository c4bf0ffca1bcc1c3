import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import type { FeedbackImagesResponse, FeedbackResponse } from "@beannote/contract";
import { testDatabases, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { fixture, loginNewUser } from "../../../test/pipeline";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink";
import { imageOfSize, postMultipart, testImage, type UploadPart } from "../../../test/images";
import { feedback as feedbackTable, feedbackImages } from "../../db/schema";
import { runAdminCommand } from "../../cli/admin-command";
import { runAdminCli } from "../../cli/admin-cli";
import { createLocalStorage } from "../../storage/local-storage";

const OPERATOR = "support@beannote.test";

/** Quoted-printable soft line breaks and escapes undone, so links can be read from the raw mail. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe.each(testDatabases)("feedback on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let smtp: SmtpSink;
  let alice: string;
  let bob: string;
  const lines: string[] = [];
  const admin = (...argv: string[]) =>
    runAdminCommand(argv, {
      db: server.database.db,
      storage: createLocalStorage(path.join(database.dataDir, "files")),
      startingBeans: 0,
      publicUrl: "http://beannote.test",
      out: (line) => lines.push(line),
    });

  beforeAll(async () => {
    database = await kind.create();
    smtp = await startSmtpSink();
    server = await startTestServer(database, {
      env: { SMTP_URL: smtp.url, FEEDBACK_MAIL_TO: OPERATOR, PUBLIC_URL: "http://beannote.test" },
      worker: { pollMs: 50 },
    });
    alice = await loginNewUser(server, "alice@uni.edu");
    bob = await loginNewUser(server, "bob@uni.edu");
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.close();
  });

  const upload = (token: string | undefined, parts: UploadPart[]) =>
    postMultipart<FeedbackImagesResponse>(server, "/batch/upload/mail", token, parts);
  const send = (token: string | undefined, body: Record<string, unknown>) =>
    server.call<FeedbackResponse>("POST", "/Feedback", { token, body });
  const counts = async () => {
    const db = server.database.db;
    const [feedbackRows] = await db.select({ n: count() }).from(feedbackTable);
    const [imageRows] = await db.select({ n: count() }).from(feedbackImages);
    return { feedback: feedbackRows!.n, images: imageRows!.n };
  };
  const localUrl = (url: string) => url.replace("http://beannote.test", server.url);

  async function uploadOne(token: string) {
    const answer = await upload(token, [
      { bytes: await testImage("png"), name: "shot.png", type: "image/png" },
    ]);
    return answer.body.data.images[0]!.imageId;
  }

  describe("POST /batch/upload/mail", () => {
    it("stores JPG and PNG screenshots by their bytes, re-encoded without metadata, at public unguessable links", async () => {
      const png = await testImage("png", { width: 640, height: 360 });
      const jpeg = await testImage("jpeg", { width: 300, height: 500 });
      const answer = await upload(alice, [
        { bytes: png, name: "screen.jpg", type: "image/jpeg" }, // a PNG renamed .jpg is still a PNG
        { bytes: jpeg, name: "photo.jpeg", type: "image/jpeg", field: "files" },
      ]);
      expect(answer.body.status).toBe(200);
      const images = answer.body.data.images;
      expect(images).toHaveLength(2);
      expect(images[0]!.url).toMatch(/^http:\/\/beannote\.test\/media\/feedback\/\d+\/[0-9a-f]{32}\.png$/);
      expect(images[1]!.url).toMatch(/\.jpg$/);
      for (const [index, image] of images.entries()) {
        const served = await fetch(localUrl(image.url));
        expect(served.status).toBe(200);
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.exif]).toEqual([
          index === 0 ? "png" : "jpeg",
          index === 0 ? 640 : 300,
          undefined,
        ]);
      }
      const exactly2Mb = await upload(alice, [
        { bytes: await imageOfSize(2 * 1024 * 1024), name: "big.jpg" },
      ]);
      expect(exactly2Mb.body.status).toBe(200);
    });

    it("refuses each bad upload and stores none of it", async () => {
      const before = await counts();
      const good = { bytes: await testImage("jpeg"), name: "ok.jpg", type: "image/jpeg" };
      // A text file renamed .jpg (or .png) is not an image.
      const renamed = await upload(alice, [
        good,
        { bytes: Buffer.from("just some notes\n"), name: "notes.jpg" },
      ]);
      expect(renamed.body).toMatchObject({ status: 400, code: "IMAGE_NOT_JPG_PNG" });
      const pdf = await readFile(fixture("corrupt-zen-of-python.pdf"));
      expect((await upload(alice, [{ bytes: pdf, name: "zen.png" }])).body.code).toBe("IMAGE_NOT_JPG_PNG");
      const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .webp()
        .toBuffer();
      expect((await upload(alice, [{ bytes: webp, name: "a.webp" }])).body.code).toBe("IMAGE_NOT_JPG_PNG");
      const truncated = (await testImage("png")).subarray(0, 60);
      expect((await upload(alice, [{ bytes: truncated, name: "cut.png" }])).body.code).toBe("IMAGE_INVALID");
      const tooBig = await upload(alice, [
        good,
        { bytes: await imageOfSize(2 * 1024 * 1024 + 1), name: "big.jpg" },
      ]);
      expect(tooBig).toMatchObject({ http: 413, body: { status: 413, code: "IMAGE_TOO_LARGE" } });
      const seven = await upload(
        alice,
        Array.from({ length: 7 }, () => good),
      );
      expect(seven.body).toMatchObject({ status: 400, code: "FEEDBACK_IMAGES_TOO_MANY" });
      const none = await fetch(`${server.url}/batch/upload/mail`, {
        method: "POST",
        headers: { token: alice },
        body: new FormData(),
      });
      expect(((await none.json()) as { code: string }).code).toBe("FEEDBACK_IMAGE_REQUIRED");
      const json = await server.call("POST", "/batch/upload/mail", { token: alice, body: {} });
      expect(json.body.code).toBe("FEEDBACK_IMAGE_REQUIRED");
      expect((await upload(undefined, [good])).http).toBe(401);
      expect(await counts()).toEqual(before);
      // Six is the most.
      expect(
        (
          await upload(
            alice,
            Array.from({ length: 6 }, () => good),
          )
        ).body.data.images,
      ).toHaveLength(6);
    });
  });

  describe("POST /Feedback", () => {
    it("stores a feedback with its images and mails it, with the image links, to FEEDBACK_MAIL_TO", async () => {
      const uploaded = await upload(alice, [
        { bytes: await testImage("png"), name: "a.png" },
        { bytes: await testImage("jpeg"), name: "b.jpg" },
      ]);
      const [first, second] = uploaded.body.data.images;
      const sent = await send(alice, {
        type: "usage_bug",
        suggestion: "  The export button does nothing on my phone.\nSecond line.  ",
        images: [second!.imageId, first!.imageId],
        email: " Alice@Uni.edu ",
      });
      expect(sent.body.status).toBe(200);
      const { feedbackId } = sent.body.data;
      expect(feedbackId).toMatch(/^[0-9a-f-]{36}$/);

      const deadline = Date.now() + 15_000;
      while (smtp.mailsTo(OPERATOR).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const mail = decodeQuotedPrintable(smtp.mailsTo(OPERATOR)[0]!.raw);
      expect(mail).toContain("The export button does nothing on my phone.");
      expect(mail).toContain("Reply to: alice@uni.edu");
      expect(mail).toContain("Problem using the product");
      expect(mail.indexOf(second!.url)).toBeGreaterThan(0);
      expect(mail.indexOf(second!.url)).toBeLessThan(mail.indexOf(first!.url)); // in the student's order
      expect(mail).toContain(feedbackId);

      // The operator reads it with the admin CLI.
      expect(await admin("feedback", "list")).toBe(0);
      expect(
        lines.some(
          (line) => line.startsWith(`${feedbackId}\t`) && line.includes("\tusage_bug\talice@uni.edu\t2\t"),
        ),
      ).toBe(true);
      // The job marks it mailed just after the mail has left.
      for (let i = 0; i < 50 && !lines.some((line) => /^mailed {4}\d{4}-/.test(line)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await admin("feedback", "show", feedbackId)).toBe(0);
      }
      expect(lines).toContain("reply to  alice@uni.edu");
      expect(lines).toContain(`image     ${second!.url}`);
      expect(lines.some((line) => /^mailed {4}\d{4}-/.test(line))).toBe(true);
      expect(await admin("feedback", "show", "00000000-0000-4000-8000-000000000000")).toBe(2);
      expect(await admin("feedback", "show", "not-an-id")).toBe(2);

      const exported = path.join(database.dataDir, "feedback.csv");
      const out: string[] = [];
      expect(
        await runAdminCli(["feedback", "export", exported], {
          env: { ...database.env, LOG_LEVEL: "silent" },
          out: (line) => out.push(line),
        }),
      ).toBe(0);
      const csv = await readFile(exported, "utf8");
      expect(csv.split("\n")[0]).toBe(
        "feedbackId,createdAt,type,email,accountEmail,userId,suggestion,images",
      );
      expect(csv).toContain(`"The export button does nothing on my phone.\nSecond line."`);
      expect(out.at(-1)).toMatch(/^wrote \d+ feedback to /);
    });

    it("refuses every §5 bad input with its own code and stores nothing", async () => {
      const imageId = await uploadOne(alice);
      const valid = {
        type: "product_suggestion",
        suggestion: "Dark mode, please",
        images: [imageId],
        email: "alice@uni.edu",
      };
      const before = await counts();
      const tried: [Record<string, unknown>, string][] = [
        [{ ...valid, email: undefined }, "EMAIL_INVALID"],
        [{ ...valid, email: "" }, "EMAIL_INVALID"],
        [{ ...valid, email: "alice@" }, "EMAIL_INVALID"],
        [{ ...valid, suggestion: undefined }, "FEEDBACK_SUGGESTION_REQUIRED"],
        [{ ...valid, suggestion: "   \n " }, "FEEDBACK_SUGGESTION_REQUIRED"],
        [{ ...valid, suggestion: "x".repeat(2001) }, "FEEDBACK_SUGGESTION_TOO_LONG"],
        [{ ...valid, suggestion: "bad \u0000 byte" }, "TEXT_INVALID"],
        [{ ...valid, images: [] }, "FEEDBACK_IMAGE_REQUIRED"],
        [{ ...valid, images: undefined }, "FEEDBACK_IMAGE_REQUIRED"],
        [{ ...valid, images: Array.from({ length: 7 }, () => imageId) }, "FEEDBACK_IMAGES_TOO_MANY"],
        [{ ...valid, images: ["not-a-uuid"] }, "ID_INVALID"],
        [{ ...valid, type: undefined }, "FEEDBACK_TYPE_REQUIRED"],
        [{ ...valid, type: "praise" }, "FEEDBACK_TYPE_REQUIRED"],
      ];
      for (const [body, code] of tried) {
        const answer = await send(alice, body);
        expect([answer.http, answer.body.code], JSON.stringify(body).slice(0, 80)).toEqual([400, code]);
      }
      // Someone else's image, and an image that does not exist: 404 as if it did not.
      const bobsImage = await uploadOne(bob);
      expect((await send(alice, { ...valid, images: [bobsImage] })).body.code).toBe("NOT_FOUND");
      expect((await send(alice, { ...valid, images: ["00000000-0000-4000-8000-000000000000"] })).http).toBe(
        404,
      );
      expect((await send(undefined, valid)).http).toBe(401);
      expect(await counts()).toEqual({ ...before, images: before.images + 1 });

      expect((await send(alice, valid)).body.status).toBe(200);
      // An image goes with one feedback only.
      expect((await send(alice, valid)).body).toMatchObject({ status: 409, code: "FEEDBACK_IMAGE_USED" });
      const chinese = await server.call("POST", "/Feedback", {
        token: alice,
        body: { ...valid, suggestion: "" },
        headers: { language: "zh-CN" },
      });
      expect(chinese.body.message).toBe("请填写反馈内容");
    });
  });
});
