import { describe, expect, it } from "vitest";
import { agreeingBefore, givenAsEquivalent } from "./swap";

describe("givenAsEquivalent", () => {
  it("reads 'X (Y)', 'X, or Y', 'X（或Y）' as one thing, a list as several", () => {
    expect(
      givenAsEquivalent(
        "Всякая неубывающая (невозрастающая) последовательность",
        "неубывающая",
        "невозрастающая",
      ),
    ).toBe(true);
    expect(givenAsEquivalent("The buyers, or consumers, gain.", "consumers", "buyers")).toBe(true);
    expect(givenAsEquivalent("CPU调度器（或短程调度器）负责…", "CPU调度器", "短程调度器")).toBe(true);
    expect(givenAsEquivalent("Zellkern, Mitochondrien und Ribosomen", "Zellkern", "Mitochondrien")).toBe(
      false,
    );
    expect(givenAsEquivalent("The price rises and the demand falls.", "price", "demand")).toBe(false);
  });
});

describe("agreeingBefore", () => {
  it("changes a French or Spanish article to the swap's gender, elides and contracts", () => {
    expect(
      agreeingBefore("En la ley de la ", "precio", { gender: "f" }, { gender: "m", plural: false }, "es"),
    ).toBe("En la ley del ");
    expect(
      agreeingBefore("Se compra sin importar el ", "oferta", {}, { gender: "f", plural: false }, "es"),
    ).toBe("Se compra sin importar la ");
    expect(
      agreeingBefore("Souveraineté nationale : le ", "assemblée", {}, { gender: "f", plural: false }, "fr"),
    ).toBe("Souveraineté nationale : l'");
    expect(agreeingBefore("l'", "nation", {}, { gender: "f" }, "fr")).toBe("la ");
  });

  it("refuses a swap of another number, or of unknown gender after an article that shows one", () => {
    expect(
      agreeingBefore("sin importar el ", "bienes", { plural: false }, { plural: true, gender: "m" }, "es"),
    ).toBeNull();
    expect(agreeingBefore("le ", "organise", {}, {}, "fr")).toBeNull();
    expect(agreeingBefore("the ", "steps", { plural: false }, { plural: true }, "en")).toBeNull();
    expect(agreeingBefore("the ", "deck", { plural: false }, { plural: false }, "en")).toBe("the ");
  });
});
