import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StudentVerification } from "@beannote/contract";
import { pgliteOnly, type TestDatabase } from "../../../test/test-db";
import { startTestServer, type TestServer } from "../../../test/test-server";
import { loginNewUser } from "../../../test/pipeline";
import { imageOfSize, postMultipart, testImage } from "../../../test/images";
import { runAdminCommand } from "../../cli/admin-command";
import { createLocalStorage } from "../../storage/local-storage";

describe.each(pgliteOnly)("student discount on $name", (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: string;
  let bob: string;
  const lines: string[] = [];
  const admin = (...argv: string[]) =>
    runAdminCommand(argv, {
      db: server.database.db,
      storage: createLocalStorage(path.join(database.dataDir, "files")),
      startingBeans: 0,
      out: (line) => lines.push(line),
    });

  beforeAll(async () => {
    database = await kind.create();
    server = await startTestServer(database, { role: "api" });
    alice = await loginNewUser(server, "alice@uni.edu");
    bob = await loginNewUser(server, "bob@uni.edu");
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const status = async (token: string) =>
    (await server.call<StudentVerification>("GET", "/member/student-verify", { token })).body.data;
  const submit = (token: string | undefined, bytes: Buffer, name = "card.jpg", type = "image/jpeg") =>
    postMultipart<StudentVerification>(server, "/member/student-verify", token, [{ bytes, name, type }]);
  const image = (token: string) => fetch(`${server.url}/member/student-verify/image`, { headers: { token } });

  it("starts with no request, and needs a token", async () => {
    expect(await status(alice)).toEqual({
      status: "none",
      reason: null,
      submittedAt: null,
      reviewedAt: null,
      discountPercent: 70,
    });
    expect((await server.call("GET", "/member/student-verify")).http).toBe(401);
    expect((await submit(undefined, await testImage("jpeg"))).http).toBe(401);
    expect((await image(alice)).status).toBe(404);
  });

  it("refuses what is not a JPG or PNG, an image over 5 MB and an empty form, and stores nothing", async () => {
    const notImage = await submit(alice, Buffer.from("%PDF-1.7 student card"), "card.png", "image/png");
    expect(notImage.body).toMatchObject({ status: 400, code: "IMAGE_NOT_JPG_PNG" });
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect((await submit(alice, gif, "card.gif", "image/gif")).body.code).toBe("IMAGE_NOT_JPG_PNG");
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect((await submit(alice, broken)).body.code).toBe("IMAGE_INVALID");
    const tooBig = await submit(alice, await imageOfSize(5 * 1024 * 1024 + 1));
    expect(tooBig.body).toMatchObject({ status: 413, code: "STUDENT_ID_TOO_LARGE" });
    const empty = await fetch(`${server.url}/member/student-verify`, {
      method: "POST",
      headers: { token: alice },
      body: new FormData(),
    });
    expect(((await empty.json()) as { code: string }).code).toBe("FILE_REQUIRED");
    expect((await status(alice)).status).toBe("none");
  });

  it("puts an ID image in review, shows it only to its owner, without metadata", async () => {
    const exactly5Mb = await submit(alice, await imageOfSize(5 * 1024 * 1024));
    expect(exactly5Mb.body.status).toBe(200);
    const png = await testImage("png", { width: 900, height: 560 });
    const sent = await submit(alice, png, "card.jpg"); // a PNG named .jpg: read by its bytes
    expect(sent.body.data).toMatchObject({ status: "pending", reason: null, reviewedAt: null });
    expect(await status(alice)).toMatchObject({ status: "pending" });

    const own = await image(alice);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("cache-control")).toContain("no-store");
    const meta = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["png", 900, 560, undefined]);
    // Bob has none of his own, and there is no way to name Alice's.
    expect((await image(bob)).status).toBe(404);
  });

  it("is approved or rejected with the admin CLI, and the student sees the outcome", async () => {
    expect(await admin("students", "list")).toBe(0);
    const row = lines.find((line) => line.startsWith("alice@uni.edu\t"))!;
    expect(row).toMatch(/\tpending\t/);
    expect(row).toMatch(/students\/\d+\/[0-9a-f]{32}\.png$/);

    await submit(bob, await testImage("jpeg"));
    expect(await admin("students", "reject", "Bob@Uni.edu", "The", "card", "is", "expired")).toBe(0);
    expect(await status(bob)).toMatchObject({ status: "rejected", reason: "The card is expired" });
    expect((await status(bob)).reviewedAt).not.toBeNull();
    // Rejected: a new image puts it back in review and clears the reason.
    expect((await submit(bob, await testImage("jpeg"))).body.data).toMatchObject({
      status: "pending",
      reason: null,
    });

    expect(await admin("students", "approve", "alice@uni.edu")).toBe(0);
    expect(await status(alice)).toMatchObject({ status: "approved", reason: null });
    const again = await submit(alice, await testImage("jpeg"));
    expect(again.body).toMatchObject({ status: 409, code: "STUDENT_ALREADY_VERIFIED" });

    expect(await admin("students", "approve", "nobody@uni.edu")).toBe(2);
    expect(lines.at(-1)).toContain("NOT_FOUND");
    expect(await admin("students", "approve", "not-an-address")).toBe(2);
    expect(lines.at(-1)).toContain("EMAIL_INVALID");
    expect(await admin("students", "frobnicate")).toBe(1);
  });
});
