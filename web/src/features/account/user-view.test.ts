import { describe, expect, it } from "vitest";
import { maskPhone, toUserView } from "./user-view";

describe("maskPhone", () => {
  it("shows the first 3 and last 4 characters", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
    expect(maskPhone("+8613812345678")).toBe("+86*******5678");
  });
  it("leaves short or empty values alone", () => {
    expect(maskPhone("")).toBe("");
    expect(maskPhone("1234567")).toBe("1234567");
  });
});

describe("toUserView", () => {
  const info = {
    nickname: "",
    userId: "u123",
    iconUrl: "/portraits/a.jpg",
    phone: "",
    effectCloudBeans: 42,
    mailAccount: "a@b.c",
    language: "en-US",
  };
  it("names the user by nickname, else by user ID", () => {
    expect(toUserView(info).userName).toBe("u123");
    expect(toUserView({ ...info, nickname: "Ann" }).userName).toBe("Ann");
    expect(toUserView(info).cloudBeans).toBe(42);
  });
});
