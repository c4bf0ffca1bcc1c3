import { describe, expect, it } from "vitest";
import { askedTerm } from "./asked-term";

// A definition card asks about a list label ("**Difusión**: Proceso espontáneo …") as its language would.
describe("a term as a question asks about it", () => {
  it("gives a Spanish, French or Portuguese term its definite article and drops a label's capital", () => {
    expect(askedTerm("Difusión", "es", "es-ES")).toBe("la difusión");
    expect(askedTerm("Gradiente químico", "es", "es-ES")).toBe("el gradiente químico");
    expect(askedTerm("Plasmólisis", "es", "es-ES")).toBe("la plasmólisis"); // -sis is singular
    expect(askedTerm("Sistema nervioso", "es", "es-ES")).toBe("el sistema nervioso"); // Greek -ma
    expect(askedTerm("Canales iónicos", "es", "es-ES")).toBe("los canales iónicos");
    expect(askedTerm("Osmose", "fr", "fr-FR")).toBe("l’osmose");
    expect(askedTerm("Diffusion facilitée", "fr", "fr-FR")).toBe("la diffusion facilitée");
    expect(askedTerm("Marché", "fr", "fr-FR")).toBe("le marché");
    expect(askedTerm("Membrana semipermeável", "pt", "pt-BR")).toBe("a membrana semipermeável");
    expect(askedTerm("Transporte ativo", "pt", "pt-BR")).toBe("o transporte ativo");
  });

  it("leaves acronyms, formulas, terms that have an article, other languages and other output languages alone", () => {
    expect(askedTerm("ATP", "es", "es-ES")).toBe("ATP");
    expect(askedTerm("Na+/K+-ATP-asa", "es", "es-ES")).toBe("Na+/K+-ATP-asa");
    expect(askedTerm("la difusión", "es", "es-ES")).toBe("la difusión");
    expect(askedTerm("Sedimentary rock", "en", "en-US")).toBe("Sedimentary rock");
    expect(askedTerm("Diffusion", "de", "de-DE")).toBe("Diffusion");
    // a Spanish document studied in English: the English question names the term as written
    expect(askedTerm("Difusión", "es", "en-US")).toBe("Difusión");
  });
});
