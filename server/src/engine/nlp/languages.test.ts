import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { cachedParseFile } from "../../../test/parse-cache";
import { noteMaterial } from "../note-material";
import { generateOfflineNote } from "../offline";
import { sectionSentences } from "../note-material";
import { dictionaryForm, isConceptTerm, keyTerms, nounPhrases, tokenize } from "./index";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../../shared/fixtures/documents");

describe("Russian (Az.js)", () => {
  it("tags parts of speech: a verb, a short adjective and a preposition are no nouns", () => {
    const tokens = tokenize("Тема проекта должна соответствовать области в соответствии с планом.", "ru");
    const pos = (word: string) => tokens.find((t) => t.text === word)?.pos;
    expect(pos("Тема")).toBe("NOUN");
    expect(pos("соответствовать")).toBe("VERB");
    expect(pos("должна")).toBe("ADJ");
    expect(tokens.find((t) => t.text === "должна")?.tag).toBe("ADJS");
    // a noun frozen in a derived preposition is a function word there
    expect(tokens.find((t) => t.text === "соответствии")?.stop).toBe(true);
    expect(tokens.find((t) => t.text === "области")?.stop).toBe(false);
  });

  it("reads noun phrases by agreement and shows them in their dictionary form", () => {
    expect(dictionaryForm("исследовательского проекта", "ru")).toBe("исследовательский проект");
    expect(dictionaryForm("Государственной аттестационной комиссии", "ru")).toBe(
      "государственная аттестационная комиссия",
    );
    expect(dictionaryForm("Информационные системы", "ru")).toBe("информационная система");
    // a participle keeps its voice: not the paradigm's first form ("изолировавшая")
    expect(dictionaryForm("изолированной системы", "ru")).toBe("изолированная система");
    // the genitive complement stays as written; an abbreviation keeps its capitals
    expect(dictionaryForm("заседании ГАК", "ru")).toBe("заседание ГАК");
    const text =
      "Защита исследовательского проекта проводится на заседании Государственной аттестационной комиссии.";
    const spans = nounPhrases(text, "ru");
    // inside a sentence a phrase is what the sentence says (its offsets), standing alone its dictionary form
    const project = spans.find((s) => s.text === "исследовательского проекта")!;
    expect(text.slice(project.start, project.end)).toBe("исследовательского проекта");
    expect(project.lemma).toBe("исследовательский проект");
    expect(spans.map((s) => s.text)).toContain("Защита исследовательского проекта");
    expect(spans.map((s) => s.lemma)).toContain("государственная аттестационная комиссия");
    expect(spans.some((s) => /проводится/u.test(s.text))).toBe(false);
    const ranked = keyTerms(text, "ru");
    expect(ranked.find((t) => t.term === "исследовательского проекта")?.lemma).toBe(
      "исследовательский проект",
    );
  });

  it("no verb, short adjective or bare adjective is a concept", () => {
    for (const word of ["должна", "должны", "проекта должна", "исследовательского", "получает", "большее"])
      expect(isConceptTerm(word, "ru"), word).toBe(false);
    for (const term of [
      "исследовательский проект",
      "исследовательского проекта",
      "ГАК",
      "научный руководитель",
    ])
      expect(isConceptTerm(term, "ru"), term).toBe(true);
  });

  it("the syllabus fixture's key terms: noun phrases, never a verb, a short or a bare adjective at an edge", async () => {
    const file = "ru-course-syllabus-information-systems.doc";
    const doc = await cachedParseFile(path.join(FIXTURES, file), file);
    const note = generateOfflineNote({
      sources: [{ doc, fileName: file }],
      title: doc.title,
      outputLanguage: "en-US",
      detailLevel: "detail",
    });
    const material = noteMaterial({
      title: doc.title,
      markdown: note.markdown,
      outputLanguage: "en-US",
      sources: [doc],
    });
    const sections = material.sections.map((s) =>
      sectionSentences(s)
        .map((x) => x.text)
        .join("\n"),
    );
    const terms = keyTerms(sections, "ru", { limit: 40 });
    expect(terms.length).toBe(40);
    for (const t of terms) {
      const tokens = tokenize(t.term, "ru");
      const edges = [tokens[0]!, tokens.at(-1)!];
      // a verb, a short adjective ("должна"), a preposition never start or end a term
      for (const e of edges) expect(["VERB", "FUNC", "ADV"], `${t.term}: ${e.text}`).not.toContain(e.pos);
      for (const e of edges)
        expect(["ADJS", "PRTS", "INFN", "GRND"], `${t.term}: ${e.text}`).not.toContain(e.tag);
      // an adjective alone is no term: every term holds a noun (or a name)
      expect(
        tokens.some((x) => x.pos === "NOUN" || x.pos === "PROPN"),
        t.term,
      ).toBe(true);
      expect(tokens.at(-1)!.pos === "ADJ" && tokens.length === 1, t.term).toBe(false);
    }
    const lemmas = terms.map((t) => t.lemma);
    expect(lemmas).toContain("исследовательский проект");
    expect(lemmas).toContain("научный руководитель");
    expect(lemmas).not.toContain("соответствие");
  });
});

describe("French, German, Spanish (compromise)", () => {
  const phrases = (text: string, lang: string) => nounPhrases(text, lang).map((s) => s.text);

  it("Spanish: noun phrases with their complements, no verb in them", () => {
    const found = phrases(
      "El proceso de fotosíntesis convierte la energía solar en energía química. La máquina de vapor transformó la industria.",
      "es",
    );
    expect(found).toContain("proceso de fotosíntesis");
    expect(found).toContain("energía solar");
    expect(found).toContain("máquina de vapor");
    expect(found.filter((p) => /convierte|transformó/u.test(p))).toEqual([]);
  });

  it("Spanish and French: a capitalised verb is a verb, not a name (a glossary line, a lost colon)", () => {
    // an operating-systems handout: "Segmento BSS: Contiene …", "Procesos de usuario Ejecutan el código …"
    const pos = (text: string, word: string, lang: string) =>
      tokenize(text, lang).find((t) => t.text === word)?.pos;
    expect(pos("Segmento BSS: Contiene las variables globales del programa.", "Contiene", "es")).toBe("VERB");
    expect(pos("Procesos de usuario Ejecutan el código de las aplicaciones.", "Ejecutan", "es")).toBe("VERB");
    expect(pos("Segment BSS : Contient les variables globales.", "Contient", "fr")).toBe("VERB");
    expect(phrases("Procesos de usuario Ejecutan el código de las aplicaciones.", "es")).not.toContain(
      "usuario Ejecutan",
    );
    // names stay names
    expect(pos("Madrid es la capital de España.", "Madrid", "es")).toBe("PROPN");
    expect(pos("Paris est la capitale de la France.", "Paris", "fr")).toBe("PROPN");
  });

  it("French: elided articles are words of their own; no verb in a phrase", () => {
    const text =
      "Le serveur DNS traduit les noms de domaine. Le prix d'équilibre égalise l'offre et la demande agrégée.";
    const found = phrases(text, "fr");
    expect(found).toContain("serveur DNS");
    expect(found).toContain("noms de domaine");
    expect(found).toContain("prix d'équilibre");
    expect(found.filter((p) => /traduit|égalise/u.test(p))).toEqual([]);
    expect(tokenize(text, "fr").find((t) => t.text === "l'")?.stop).toBe(true);
    expect(isConceptTerm("aussi", "fr")).toBe(false);
    // a lone word is read as it stands in a sentence, after an article (alone the tagger reads "gène" as a verb)
    expect(isConceptTerm("gène", "fr")).toBe(true);
    expect(isConceptTerm("prix d'équilibre", "fr")).toBe(true);
    // a word the tagger still reads as a verb after the article is no concept (precision first)
    expect(isConceptTerm("convierte", "es")).toBe(false);
    expect(isConceptTerm("wandelt", "de")).toBe(false);
  });

  it("German: adjectives before the noun, a genitive after it, a capitalised word inside a sentence is a noun", () => {
    const found = phrases(
      "Der zweite Hauptsatz der Thermodynamik gilt. Die Maschine wandelt thermische Energie in mechanische Arbeit um.",
      "de",
    );
    expect(found).toContain("Hauptsatz der Thermodynamik");
    expect(found).toContain("thermische Energie");
    expect(found).toContain("mechanische Arbeit");
    expect(found.filter((p) => /wandelt|gilt|zweite/u.test(p))).toEqual([]);
    // the tagger reads "lässt" as an adjective; an attributive adjective declines (-e, -en, -er, -es, -em)
    expect(phrases("Ein Filter lässt kurze Wellen durch.", "de")).toEqual([
      "Filter",
      "kurze Wellen",
      "Wellen",
    ]);
  });
});

describe("loading", () => {
  it("loads each language's tagger on its first text only, once per process", async () => {
    vi.resetModules();
    const nlp = await import("./index");
    const names = () => nlp.loadedNlpModels().map((m) => m.name);
    nlp.keyTerms("La máquina de vapor del siglo XVIII.", "es");
    expect(names()).toContain("es-compromise");
    expect(names()).not.toContain("fr-compromise");
    expect(names()).not.toContain("az");
    const first = nlp.loadedNlpModels().find((m) => m.name === "es-compromise");
    nlp.keyTerms("El enlace covalente es polar.", "es");
    expect(nlp.loadedNlpModels().find((m) => m.name === "es-compromise")).toBe(first);
    nlp.keyTerms("Информационная система управления.", "ru");
    expect(names()).toContain("az");
    expect(names()).not.toContain("de-compromise");
  });
});

describe("English phrases of the author's voice", () => {
  it("reads a judgement before a word that names no kind of thing, or a phrase cut before its list, as no concept", () => {
    for (const phrase of [
      "key property",
      "rich topic",
      "simpler subtype",
      "main idea",
      "classic examples",
      "systems concepts including",
    ])
      expect(isConceptTerm(phrase, "en"), phrase).toBe(false);
    for (const term of [
      "steady state",
      "main memory",
      "key exchange",
      "subtype polymorphism",
      "random variables",
    ])
      expect(isConceptTerm(term, "en"), term).toBe(true);
  });
});

describe("Chinese term boundaries", () => {
  it("keeps a superlative in the term, starts after a predicate, and leaves a glued place word out", () => {
    const phrases = (text: string) => nounPhrases(text, "zh").map((p) => p.text);
    expect(phrases("Prim算法用于求解最小生成树问题。")).toContain("最小生成树问题");
    expect(phrases("顺序表适合存储稠密图。")).toContain("稠密图");
    expect(phrases("顺序表适合存储稠密图。")).not.toContain("适合存储稠密图");
    expect(phrases("贪心算法不能处理负权边。").some((p) => /不能|处理/u.test(p))).toBe(false);
    expect(phrases("机器学习算法需要大量数据。")).toContain("机器学习算法");
  });
});

describe("determiner-like adjectives", () => {
  it("open no term in Russian, French, German or Spanish", () => {
    for (const [phrase, lang] of [
      ["следующие виды систем", "ru"],
      ["différents types", "fr"],
      ["verschiedene Arten", "de"],
      ["otros factores", "es"],
    ] as const)
      expect(isConceptTerm(phrase, lang), phrase).toBe(false);
    expect(isConceptTerm("внутренняя энергия", "ru")).toBe(true);
  });
});
