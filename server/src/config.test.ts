import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("runs on its embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      CAPTCHA: "on",
      aiEngine: "offline",
      uploadMaxBytes: 100 * 1024 * 1024,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith("/data")).toBe(true);
  });

  it("chooses the llm engine when a model endpoint is configured", () => {
    const config = loadConfig({
      AI_BASE_URL: "http://127.0.0.1:11434/v1",
      AI_MODEL: "qwen3",
      AI_API_KEY: "k",
    });
    expect(config.aiEngine).toBe("llm");
  });

  it("names every bad variable in one clear message", () => {
    expect(() => loadConfig({ PORT: "eighty", CAPTCHA: "maybe" })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: "eighty", CAPTCHA: "maybe" });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/CAPTCHA/);
    }
  });

  it("reads Beancoin prices over the defaults and refuses a bad one by name", () => {
    const config = loadConfig({ BEAN_COSTS: "podcast=8, noteBase=0", BEANS: "off" });
    expect(config.BEAN_COSTS).toMatchObject({ podcast: 8, noteBase: 0, notePer10Pages: 1, flashcards: 2 });
    expect(config.BEANS).toBe("off");
    expect(() => loadConfig({ BEAN_COSTS: "podcats=8" })).toThrowError(/BEAN_COSTS.*podcats=8/);
    expect(() => loadConfig({ BEAN_COSTS: "quiz=-1" })).toThrowError(/BEAN_COSTS/);
    expect(() => loadConfig({ FEEDBACK_MAIL_TO: "not mail" })).toThrowError(/FEEDBACK_MAIL_TO/);
    expect(loadConfig({ FEEDBACK_MAIL_TO: "" }).FEEDBACK_MAIL_TO).toBeUndefined();
  });

  it("reads the S3 settings, and refuses endpoint or keys without a bucket, one key alone, a bad endpoint", () => {
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    const config = loadConfig({
      S3_BUCKET: "notes",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "on",
    });
    expect(config).toMatchObject({ S3_BUCKET: "notes", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "on" });
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrowError(
      /S3_BUCKET: required when S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ S3_BUCKET: "notes", S3_ACCESS_KEY_ID: "id" })).toThrowError(
      /set both or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: "notes", S3_ENDPOINT: "minio:9000" })).toThrowError(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: "notes", S3_FORCE_PATH_STYLE: "maybe" })).toThrowError(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it("reads the feedback and note-copy quotas, and refuses a quota below 1", () => {
    expect(loadConfig({})).toMatchObject({
      FEEDBACK_IMAGE_UPLOADS_PER_HOUR: 12,
      FEEDBACK_PER_HOUR: 10,
      NOTE_COPIES_PER_MINUTE: 10,
    });
    expect(loadConfig({ FEEDBACK_PER_HOUR: "3" }).FEEDBACK_PER_HOUR).toBe(3);
    for (const name of ["FEEDBACK_IMAGE_UPLOADS_PER_HOUR", "FEEDBACK_PER_HOUR", "NOTE_COPIES_PER_MINUTE"])
      for (const value of ["0", "-1", "2.5", "many"])
        expect(() => loadConfig({ [name]: value })).toThrowError(new RegExp(name));
  });

  it("reads every boolean as true/false, 1/0, yes/no or on/off in any case, and refuses anything else", () => {
    const booleans = ["CAPTCHA", "BEANS", "TRUST_PROXY", "OCR", "S3_FORCE_PATH_STYLE"] as const;
    const truthy = ["true", "TRUE", "True", "1", "yes", "YES", "on", "On", " on "];
    const falsy = ["false", "FALSE", "0", "no", "No", "off", "OFF"];
    for (const name of booleans) {
      for (const value of truthy) expect(loadConfig({ S3_BUCKET: "b", [name]: value })[name]).toBe("on");
      for (const value of falsy) expect(loadConfig({ S3_BUCKET: "b", [name]: value })[name]).toBe("off");
      for (const value of ["maybe", "2", "enabled", "y", "-1", "", "constructor", "__proto__"])
        expect(() => loadConfig({ S3_BUCKET: "b", [name]: value })).toThrowError(
          new RegExp(`${name}: .*true/false, 1/0, yes/no or on/off`),
        );
    }
    expect(loadConfig({ S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "true" }).S3_FORCE_PATH_STYLE).toBe("on");
  });
});
