import type { SourceDocument } from "@beannote/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { generateOfflineNote } from "../offline";
import { nlpReady } from "../nlp";
import { noteMaterial } from "../note-material";
import { offlineQuiz } from "./offline";

// A German note written for this test: market forms, nouns of all three genders.
const sentences = [
  "Das Produkt besitzt im Monopol nur einen einzigen Anbieter und sehr viele Nachfrager.",
  "Der Nachfrager kauft das Produkt zu dem Preis, den der Anbieter allein festlegt.",
  "Das Angebot wird im Oligopol von wenigen großen Unternehmen bestimmt.",
  "Die Nachfrage nach dem Produkt sinkt, wenn der Preis steigt.",
  "Der Markt bringt Angebot und Nachfrage über den Preis zusammen.",
  "Das Unternehmen verkauft das Produkt auf dem Markt an viele Kunden.",
  "Die Konkurrenz zwischen den Anbietern senkt den Preis für die Kunden.",
];
const markdown = sentences.join("\n");

describe("a German false judgment", () => {
  beforeAll(() => nlpReady("de"));

  it("keeps the article before the swapped noun: 'Das Produkt' becomes a noun met after 'das'", async () => {
    const doc: SourceDocument = {
      title: "Märkte",
      format: "docx",
      language: "de",
      pageCount: 1,
      sections: [
        {
          heading: "Marktformen",
          level: 1,
          blocks: sentences.map((text) => ({ type: "paragraph" as const, page: 1, text })),
        },
      ],
    };
    const note = generateOfflineNote({
      sources: [{ doc, fileName: "maerkte.docx" }],
      title: doc.title,
      outputLanguage: "de-DE",
      detailLevel: "detail",
    }).markdown;
    const material = noteMaterial({
      title: doc.title,
      markdown: note,
      outputLanguage: "de-DE",
      sources: [doc],
    });
    let swapped = 0;
    for (const seed of ["a", "b", "c", "d", "e", "f"]) {
      const quiz = await offlineQuiz(material, { types: ["judgment"], count: 6, seed });
      for (const q of quiz) {
        if (q.statementTrue !== false) continue;
        const m = /^(Das|Der|Die)\s+(\p{L}+)/u.exec(q.question);
        if (!m) continue;
        swapped++;
        expect(markdown, q.question).toMatch(new RegExp(`(?<!\\p{L})${m[1]}\\s+${m[2]}(?!\\p{L})`, "iu"));
      }
    }
    expect(swapped).toBeGreaterThan(0);
  });
});
