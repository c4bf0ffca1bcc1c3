import type { SourceDocument } from "@beannote/contract";
import { describe, expect, it } from "vitest";
import { generateOfflineNote } from "./offline";

const note = (doc: SourceDocument, detailLevel: "detail" | "simple") =>
  generateOfflineNote({
    sources: [{ doc, fileName: "f.docx" }],
    title: doc.title,
    outputLanguage: "fr-FR",
    detailLevel,
  }).markdown;

const filler = [
  "La gestion des ressources humaines couvre le recrutement, la formation et la paie des salariés de l'entreprise.",
  "Les petites entreprises confient souvent la paie à un cabinet comptable extérieur pour réduire leurs coûts.",
  "Un logiciel de paie calcule les cotisations sociales à partir du salaire brut et du statut du salarié.",
  "Les déclarations sociales sont transmises chaque mois aux organismes de protection sociale.",
  "Le choix d'un progiciel dépend de la taille de l'entreprise et du nombre de salariés à gérer.",
];

describe("a lead-in ending in ':' keeps what it introduces", () => {
  it("keeps the list after a kept lead-in at every detail level", () => {
    const doc: SourceDocument = {
      title: "Progiciels de gestion",
      format: "docx",
      language: "fr",
      pageCount: 1,
      sections: [
        {
          heading: "Le progiciel de paie",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: `Le progiciel de paie est un logiciel de gestion des salaires. Elle prend en charge :`,
            },
            {
              type: "list",
              page: 1,
              items: [
                "le calcul des salaires bruts et nets de chaque salarié",
                "les déclarations sociales mensuelles aux organismes",
                "l'édition des bulletins de paie",
                "le suivi des congés payés et des absences",
                "les exports vers la comptabilité générale",
                "l'archivage légal des bulletins",
                "la gestion des notes de frais des salariés",
                "le calcul des indemnités de fin de contrat",
              ],
            },
            ...filler.map((text) => ({ type: "paragraph" as const, page: 1, text })),
          ],
        },
      ],
    };
    for (const level of ["detail", "simple"] as const) {
      const md = note(doc, level).replace(/\*\*/g, "");
      // the list's items were kept without the lead-in before; now the lead-in and the list go together
      expect(md, level).toMatch(/Elle prend en charge :\n\n- le calcul des salaires/);
    }
    expect(note(doc, "detail").replace(/\*\*/g, "")).toContain("- les déclarations sociales mensuelles");
  });

  it("never keeps a label without its content", () => {
    const doc: SourceDocument = {
      title: "Education policy",
      format: "pptx",
      language: "en",
      pageCount: 1,
      sections: [
        {
          heading: "Goals",
          level: 1,
          blocks: [
            {
              type: "list",
              page: 1,
              items: [
                "Obama Administration's Education Goal:",
                "By 2020, America will once again have the highest proportion of college graduates in the world",
                "State Goal:",
                "2010 2011 2012 2013 2014",
              ],
            },
          ],
        },
      ],
    };
    for (const level of ["detail", "simple"] as const) {
      const md = generateOfflineNote({
        sources: [{ doc, fileName: "f.pptx" }],
        title: doc.title,
        outputLanguage: "en-US",
        detailLevel: level,
      }).markdown;
      expect(md, level).not.toContain("State Goal");
      if (md.includes("Education Goal"))
        expect(md, level).toContain("highest proportion of college graduates");
    }
  });
});

describe("a table is kept", () => {
  const rows = [
    ["Model", "Top-1 accuracy", "Parameters"],
    ...Array.from({ length: 11 }, (_, i) => [`Baseline ${i + 1}`, `${60 + i}.5%`, `${10 + i}M`]),
    ["TableFormer", "93.6%", "57M"],
  ];
  const doc: SourceDocument = {
    title: "TableFormer",
    format: "pdf",
    language: "en",
    pageCount: 1,
    sections: [
      {
        heading: "5 Results",
        level: 1,
        blocks: [
          {
            type: "paragraph",
            page: 1,
            text: "TableFormer reaches a top-1 accuracy of 93.6% on the test set. The baselines stay well below it. Each baseline was trained with the same data and the same schedule as our model.",
          },
          { type: "table", page: 1, rows },
        ],
      },
    ],
  };
  const md = (detailLevel: "detail" | "simple") =>
    generateOfflineNote({
      sources: [{ doc, fileName: "t.pdf" }],
      title: "t",
      outputLanguage: "en-US",
      detailLevel,
    }).markdown;

  it("whole in a detailed note; in a concise one, its header and the rows with the section's key figures", () => {
    expect(md("detail")).toContain("| Baseline 11 | 70.5% | 20M |");
    const simple = md("simple");
    expect(simple).toContain("| Model | Top-1 accuracy | Parameters |");
    expect(simple).toContain("| TableFormer | 93.6% | 57M |");
    expect(simple).not.toContain("| Baseline 11 |");
    expect(simple).toMatch(/more rows in the source/);
  });
});
