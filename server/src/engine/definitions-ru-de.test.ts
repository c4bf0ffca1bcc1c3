import type { SourceDocument } from "@beannote/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { nlpReady } from "./nlp";
import { generateOfflineNote } from "./offline";
import { noteMaterial } from "./note-material";
import { findDefinition } from "./summarize";
import { causalSplit, definedTerm } from "./flashcards/card-kinds";
import { offlineFlashcards } from "./flashcards/offline";

/** The defined term's span of a note sentence, as text. */
function defined(text: string): string | undefined {
  const d = findDefinition(text);
  return d ? text.slice(d.start, d.end) : undefined;
}

// Sentences written for this test, in the ways Russian and German course notes define a term.
describe("Russian and German definitions", () => {
  beforeAll(() => Promise.all([nlpReady("ru"), nlpReady("de")]));

  it("are found by the note: the term inside 'Под X понимается', 'Unter X versteht man', 'als X bezeichnet'", () => {
    expect(
      defined(
        "Под тепловыми машинами здесь и далее будут пониматься устройства, превращающие теплоту в работу.",
      ),
    ).toBe("тепловыми машинами");
    expect(
      defined("Например, адиабатный процесс представляет собой процесс без теплообмена с окружением."),
    ).toBe("адиабатный процесс");
    expect(defined("Энтропия — это мера необратимого рассеяния энергии.")).toBe("Энтропия");
    expect(defined("Процесс при постоянной температуре называется изотермическим.")).toBeDefined();
    expect(defined("Unter einem Oligopol versteht man einen Markt mit wenigen Anbietern.")).toBe("Oligopol");
    expect(defined("Als Inflation bezeichnet man einen anhaltenden Anstieg des Preisniveaus.")).toBe(
      "Inflation",
    );
    expect(defined("Ein Markt mit nur einem Anbieter wird als Monopol bezeichnet.")).toBe("Monopol");
    // an explanation of a formula's symbols defines nothing
    expect(defined("Здесь P – давление газа, V – объем газа.")).toBeUndefined();
  });

  it("make definition cards asking for the term (a Russian one in its dictionary form)", () => {
    expect(
      definedTerm(
        "Под тепловыми машинами здесь и далее будут пониматься устройства, превращающие теплоту в работу.",
        "ru",
      ),
    ).toBe("тепловая машина");
    expect(
      definedTerm(
        "Например, адиабатный процесс представляет собой процесс без теплообмена с окружением.",
        "ru",
      ),
    ).toBe("адиабатный процесс");
    expect(definedTerm("Unter einem Oligopol versteht man einen Markt mit wenigen Anbietern.", "de")).toBe(
      "Oligopol",
    );
    expect(
      definedTerm("Als Inflation bezeichnet man einen anhaltenden Anstieg des Preisniveaus.", "de"),
    ).toBe("Inflation");
    expect(definedTerm("Ein Markt mit nur einem Anbieter wird als Monopol bezeichnet.", "de")).toBe(
      "Monopol",
    );
  });

  it("keeps a Russian definition in the note as a quote, and the deck asks for it", () => {
    const doc: SourceDocument = {
      title: "Тепловые машины",
      format: "docx",
      language: "ru",
      pageCount: 1,
      sections: [
        {
          heading: "Основные понятия",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: [
                "Термодинамика изучает превращения энергии в системах из очень большого числа частиц.",
                "Понятие цикла в термодинамике очень важно для инженеров, которые проектируют двигатели и холодильники.",
                "Инженеры давно заметили, что никакой двигатель не превращает всю полученную теплоту в полезную работу.",
                "Под тепловыми машинами здесь и далее будут пониматься устройства, превращающие теплоту в работу.",
                "Каждая тепловая машина получает теплоту от нагревателя и отдаёт её часть холодильнику.",
                "Отношение полезной работы к полученной теплоте определяет коэффициент полезного действия машины.",
                "Первые паровые машины имели очень низкий коэффициент полезного действия, около пяти процентов.",
                "Современные турбины электростанций работают гораздо лучше, чем первые паровые машины.",
              ].join(" "),
            },
          ],
        },
      ],
    };
    const markdown = generateOfflineNote({
      sources: [{ doc, fileName: "heat.docx" }],
      title: doc.title,
      outputLanguage: "en-US",
      detailLevel: "simple",
    }).markdown;
    expect(markdown).toContain("> Под **тепловыми машинами** здесь и далее будут пониматься устройства");
    const deck = offlineFlashcards(
      noteMaterial({ title: doc.title, markdown, outputLanguage: "en-US", sources: [doc] }),
      {
        count: 10,
      },
    );
    expect(deck.filter((c) => c.form === "definition").map((c) => c.front)).toContain(
      "What is тепловая машина?",
    );
  });
});

// Written for this test: a German glossary of market forms, each term a bold paragraph of its own.
describe("German glossary lines and false definitions", () => {
  beforeAll(() => nlpReady("de"));

  it("a bold label and a colon opening a paragraph is a definition: quoted in the note, asked in the deck", () => {
    const line = (term: string, rest: string) => ({
      type: "paragraph" as const,
      page: 1,
      text: `${term}: ${rest}`,
      emphasis: [term],
    });
    const doc: SourceDocument = {
      title: "Marktformen",
      format: "docx",
      language: "de",
      pageCount: 1,
      sections: [
        {
          heading: "Monopol",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: "Beim Monopol gibt es auf einer Marktseite nur einen einzigen Teilnehmer.",
            },
            line("Angebotsmonopol", "Ein einziger Anbieter steht vielen Nachfragern gegenüber."),
            line("Nachfragemonopol", "Viele Anbieter stehen einem einzigen Nachfrager gegenüber."),
          ],
        },
      ],
    };
    const markdown = generateOfflineNote({
      sources: [{ doc, fileName: "markt.docx" }],
      title: doc.title,
      outputLanguage: "de-DE",
      detailLevel: "detail",
    }).markdown;
    expect(markdown).toMatch(/^> \*\*Angebotsmonopol\*\*: Ein einziger/mu);
    expect(markdown).toMatch(/^> \*\*Nachfragemonopol\*\*: Viele Anbieter/mu);
    const deck = offlineFlashcards(
      noteMaterial({ title: doc.title, markdown, outputLanguage: "de-DE", sources: [doc] }),
      {
        count: 10,
      },
    );
    expect(deck).toContainEqual(
      expect.objectContaining({
        form: "definition",
        front: "Was ist Angebotsmonopol?",
        back: "Ein einziger Anbieter steht vielen Nachfragern gegenüber.",
      }),
    );
  });

  it("'Der Nachteil ist das man …' (a misspelt 'dass') defines nothing", () => {
    const text = "Der Nachteil ist das man ein hohes Mindestkapital benötigt.";
    expect(definedTerm(text, "de")).toBeNull();
    expect(findDefinition(text)).toBeUndefined();
    expect(definedTerm("Eine GbR ist eine Gesellschaft mehrerer Personen.", "de")).toBe("GbR");
  });
});

describe("a Russian cause card", () => {
  it("'Поскольку X, то Y' asks why of Y, without the correlative 'то'", () => {
    const split = causalSplit(
      "Поскольку параметры определены только для равновесных состояний, то, строго говоря, термодинамика не описывает сам процесс обмена.",
      "ru",
    );
    expect(split?.effect).toBe("Строго говоря, термодинамика не описывает сам процесс обмена.");
    expect(split?.cause).toBe("Поскольку параметры определены только для равновесных состояний.");
  });
});

// Sentences written for this test, in the ways a Russian course names a term with "называется".
describe("a Russian 'X называется Y'", () => {
  beforeAll(() => nlpReady("ru"));

  it("asks for the side in the instrumental, in its dictionary form", () => {
    expect(definedTerm("Степенью многочлена называется наибольшая степень его одночленов.", "ru")).toBe(
      "степень многочлена",
    );
    expect(definedTerm("Замкнутая ломаная называется многоугольником.", "ru")).toBe("многоугольник");
    expect(
      definedTerm("Если стороны четырёхугольника попарно параллельны, он называется параллелограммом.", "ru"),
    ).toBe("параллелограмм");
    expect(
      definedTerm(
        "Прямоугольным треугольником (или просто прямоугольным) называется треугольник с прямым углом.",
        "ru",
      ),
    ).toBe("прямоугольный треугольник");
  });

  it("names an adjective's kind with its subject, in the adjective's number, a participle in its voice", () => {
    expect(definedTerm("Треугольник называется равнобедренным, если две его стороны равны.", "ru")).toBe(
      "равнобедренный треугольник",
    );
    expect(definedTerm("Две прямые называются параллельными, если они не пересекаются.", "ru")).toBe(
      "параллельные прямые",
    );
    expect(definedTerm("Точка нулевой кривизны называется выпрямленной.", "ru")).toBe("выпрямленная точка");
  });

  it("defines nothing when the subject points back", () => {
    expect(definedTerm("Такие фигуры называют многоугольниками.", "ru")).toBeNull();
  });
});
