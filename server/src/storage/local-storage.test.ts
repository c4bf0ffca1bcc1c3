import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./storage";

describe("local storage", () => {
  let root: string;
  let storage: Storage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "beannote-local-storage-"));
    storage = createLocalStorage(root);
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("lists in key order across directories (a-b/x before a/x, as S3 does), filtered by prefix", async () => {
    for (const key of ["a/x", "a-b/x", "a.txt", "b/c/d", "a/y"]) await storage.put(key, Buffer.from(key));
    const all: string[] = [];
    for await (const object of storage.list()) all.push(object.key);
    expect(all).toEqual(["a-b/x", "a.txt", "a/x", "a/y", "b/c/d"]);
    expect([...all].sort()).toEqual(all);
    const under: string[] = [];
    for await (const object of storage.list("a/")) under.push(object.key);
    expect(under).toEqual(["a/x", "a/y"]);
    const partial: string[] = [];
    for await (const object of storage.list("a")) partial.push(object.key);
    expect(partial).toEqual(["a-b/x", "a.txt", "a/x", "a/y"]);
    const none: string[] = [];
    for await (const object of storage.list("missing/")) none.push(object.key);
    expect(none).toEqual([]);
  });

  it("copies, hands tools the file itself, describes keys by their path, refuses unsafe keys", async () => {
    expect(await storage.copy("a/x", "copies/x")).toBe(true);
    expect(await storage.copy("nope", "copies/nope")).toBe(false);
    expect(await storage.withLocalFile("copies/x", (filePath) => readFile(filePath, "utf8"))).toBe("a/x");
    expect(await storage.withLocalFile("nope", async () => "called")).toBeNull();
    expect(storage.describe("copies/x")).toBe(path.join(root, "copies/x"));
    expect(() => storage.describe("../etc/passwd")).toThrow(/unsafe/);
    await expect(storage.ping()).resolves.toBeUndefined();
    expect(storage.createDirectUpload).toBeUndefined();
    expect(storage.uploadOrigin).toBeUndefined();
  });
});
