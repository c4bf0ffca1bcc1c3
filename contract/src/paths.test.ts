import { describe, expect, it } from "vitest";
import { API_ROUTES, apiPath } from "./paths";

describe("apiPath", () => {
  it("fills a template's parameters, URL-encoded", () => {
    expect(apiPath("noteFlashcards", { noteId: "42" })).toBe("/note/42/flashcards");
    expect(apiPath("portraitMedia", { userId: "7", name: "a b/c.webp" })).toBe(
      "/media/portraits/7/a%20b%2Fc.webp",
    );
    expect(apiPath("quizzes")).toBe("/quizzes");
  });

  it("refuses a missing parameter rather than send ':noteId' to the server", () => {
    expect(() => apiPath("note", {} as { noteId: string })).toThrow(/:noteId/);
  });

  it("writes each path once", () => {
    const templates = Object.values(API_ROUTES);
    expect(new Set(templates).size).toBe(templates.length);
  });
});
