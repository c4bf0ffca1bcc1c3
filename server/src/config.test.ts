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
});
