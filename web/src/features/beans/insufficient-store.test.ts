import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api-error";
import { insufficientStore, showIfBeansInsufficient } from "./insufficient-store";
import { isJpgOrPng } from "./image-file";

describe("showIfBeansInsufficient", () => {
  it("opens the recharge dialog for a 402 BEANS_INSUFFICIENT only, with its amounts", () => {
    expect(showIfBeansInsufficient(new ApiError({ status: 409, message: "", code: "ARTEFACT_BUSY" }))).toBe(
      false,
    );
    expect(insufficientStore.getSnapshot()).toBeNull();
    const error = new ApiError({
      status: 402,
      message: "",
      code: "BEANS_INSUFFICIENT",
      details: { required: 5, balance: 2, appDownloadUrl: "https://app.example" },
    });
    expect(showIfBeansInsufficient(error)).toBe(true);
    expect(insufficientStore.getSnapshot()).toEqual({
      required: 5,
      balance: 2,
      appDownloadUrl: "https://app.example",
    });
    insufficientStore.close();
    expect(insufficientStore.getSnapshot()).toBeNull();
  });
});

describe("isJpgOrPng", () => {
  it("reads the first bytes, not the name", async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])]);
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]);
    const text = new File(["not an image"], "photo.jpg", { type: "image/jpeg" });
    expect(await Promise.all([png, jpeg, text].map(isJpgOrPng))).toEqual([true, true, false]);
  });
});
