import katex from "katex";
import { QUESTION_TYPES, type SourceDocument } from "@beannote/contract";
import { afterEach, describe, expect, it } from "vitest";
import { LATEX, mathDocx, mathPptx } from "../../test/math-documents";
import { startFakeOpenAI, type FakeOpenAI } from "../../test/fake-openai";
import { parseFile } from "../ingest/parse-file";
import { offlineFlashcards } from "./flashcards/offline";
import {
  formulaKey,
  formulaSpans,
  formulasOf,
  isPlainEquation,
  markdownFormulas,
  maskFormulas,
} from "./formula";
import { createEngine } from "./index";
import { generateOfflineNote } from "./offline";
import { formulaChange } from "./llm";
import { buildMindMap } from "./mind-map";
import { inlineText, noteMaterial } from "./note-material";
import { createOfflineQuizWriter, offlineQuiz } from "./quiz/offline";
import { shorten } from "./short-text";
import { offlineSlides } from "./slides/offline";
import { escapeMarkdown, splitSentences, wordTokens } from "./text";

const renders = (latex: string, displayMode: boolean) =>
  katex.renderToString(latex, { displayMode, throwOnError: true, strict: "error" });

/** Every formula of `text` is one of `known`, written exactly so. */
function keepsFormulas(text: string, known: Set<string>): void {
  for (const f of markdownFormulas(text).formulas) expect(known, `formula ${f}`).toContain(formulaKey(f));
}

describe("a formula is one token of the text", () => {
  it("is found by its $ signs, but not in prices ('costs $5 and $10', '$ 5', an escaped \\$)", () => {
    expect(formulasOf("Energy $E=mc^{2}$ and $$\\sum_{i} i$$.")).toEqual(["$E=mc^{2}$", "$$\\sum_{i} i$$"]);
    expect(formulasOf("It costs $5 and $10, or $ 5 and 6 $, or \\$7 and \\$8.")).toEqual([]);
  });

  it("is never split between sentences, even when it holds '. ' (English and Chinese)", () => {
    expect(splitSentences("We set $a. B$ here. Then $x=1. Y=2$ holds. Done.", "en")).toEqual([
      "We set $a. B$ here.",
      "Then $x=1. Y=2$ holds.",
      "Done.",
    ]);
    expect(splitSentences("能量为 $E=mc^{2}. X$。其中 c 为光速。", "zh")).toEqual([
      "能量为 $E=mc^{2}. X$。",
      "其中 c 为光速。",
    ]);
  });

  it("gives no words (no 'frac' or 'mathrm' among the terms)", () => {
    const words = wordTokens("The ratio $\\frac{a}{b}=\\mathrm{const}$ is fixed.", "en").map((t) => t.word);
    expect(words).toEqual(["the", "ratio", "is", "fixed"]);
    expect(maskFormulas("a $x$ b")).toHaveLength("a $x$ b".length);
  });

  it("is not escaped as Markdown while a lone $ is ('\\\\' of a matrix, '_' of a subscript)", () => {
    const text = "Price $5 *now*: $\\begin{matrix}a_{1} & b \\\\ c & d\\end{matrix}$ [x]";
    expect(escapeMarkdown(text)).toBe(
      "Price \\$5 \\*now\\*: $\\begin{matrix}a_{1} & b \\\\ c & d\\end{matrix}$ \\[x\\]",
    );
    expect(inlineText(escapeMarkdown(text)).text).toBe(text);
  });

  it("is never cut when a sentence is shortened (a formula counts as one word)", () => {
    const long = `The famous identity ${"$\\sum_{n=1}^{\\infty} \\frac{1}{n^{2}}=\\frac{\\pi^{2}}{6}$"} was proved by Euler in the year 1734 in Saint Petersburg`;
    for (const words of [3, 4, 5, 8]) {
      const cut = shorten(long, { words, cjkChars: 20 });
      expect(cut.includes("$")).toBe(cut.includes(`$${LATEX.basel}$`));
      expect(formulaSpans(cut).every((s) => s.latex === LATEX.basel)).toBe(true);
    }
  });
});

async function mathSources(): Promise<{ doc: SourceDocument; name: string }[]> {
  const out: { doc: SourceDocument; name: string }[] = [];
  for (const lang of ["en", "zh"] as const) {
    out.push({ doc: await parseFile(await mathDocx(lang), `m-${lang}.docx`), name: `m-${lang}.docx` });
    out.push({ doc: await parseFile(await mathPptx(lang), `m-${lang}.pptx`), name: `m-${lang}.pptx` });
  }
  return out;
}

function sourceFormulas(doc: SourceDocument): Set<string> {
  const texts = doc.sections.flatMap((s) => s.blocks.map((b) => b.text ?? b.items?.join(" ") ?? ""));
  return new Set(texts.flatMap(formulasOf).map(formulaKey));
}

describe("offline notes and study tools from documents with equations", () => {
  it("keep every formula verbatim, display equations as $$ blocks after their sentence, none bolded inside", async () => {
    const engine = createEngine({ aiContextTokens: 8000, aiConcurrency: 2 });
    for (const { doc, name } of await mathSources()) {
      const known = sourceFormulas(doc);
      for (const detailLevel of ["detail", "simple"] as const) {
        const note = await engine.generateNote({
          sources: [{ doc, fileName: name }],
          title: doc.title,
          outputLanguage: doc.language === "zh" ? "zh-CN" : "en-US",
          detailLevel,
        });
        const { formulas } = markdownFormulas(note.markdown);
        expect(formulas.length, `${name} ${detailLevel}`).toBeGreaterThanOrEqual(
          detailLevel === "detail" ? 2 : 1,
        );
        keepsFormulas(note.markdown, known);
        for (const f of formulas) {
          expect(f).not.toContain("**");
          renders(formulaKey(f), f.startsWith("$$"));
        }
        if (name.endsWith(".docx") && detailLevel === "detail") {
          // the Basel problem's sentence (its name may be set in bold as a key term), then its sum as a display block
          expect(note.markdown).toMatch(
            /(?:problem(?:\*\*)?:|问题(?:\*\*)?：)\n\n\$\$\n\\sum_\{n=1\}\^\{\\infty\} \\frac\{1\}\{n\^\{2\}\}=\\frac\{\\pi\^\{2\}\}\{6\}\n\$\$/,
          );
        }
      }
    }
  });

  it("flashcards, quizzes, mind maps and slides copy formulas whole and never blank one", async () => {
    const markdown = [
      "# Physics",
      "",
      "> **Overview**",
      ">",
      "> **Key terms:** momentum · kinetic energy",
      "",
      "## Mechanics",
      "",
      "The **kinetic energy** of a moving body is $E_{k}=\\frac{1}{2}mv^{2}$, where m is the mass of the body.",
      "",
      "The impulse theorem $F\\Delta t=\\Delta \\mathrm{momentum}$ holds for every collision of two bodies.",
      "",
      "Newton's second law says that the net force equals the rate of change of momentum:",
      "",
      "$$",
      "\\sum_{i=1}^{n} F_{i}=\\frac{dp}{dt}",
      "$$",
      "",
      "- The momentum of a closed system stays the same over time, so $\\sum p_{i}$ is constant.",
      "- Energy units: \\$5 buys about 30 kWh of electricity in many countries.",
      "",
      "*Sources:* [p. 1](#source=1&page=1)",
      "",
      "## 能量",
      "",
      "**动能**的公式是 $E_{k}=\\frac{1}{2}mv^{2}$，其中 m 是物体的质量，v 是速度。",
      "",
      "*出处：* [第 2 页](#source=1&page=2)",
      "",
    ].join("\n");
    const known = new Set(markdownFormulas(markdown).formulas.map(formulaKey));
    const material = noteMaterial({ title: "Physics", markdown, outputLanguage: "en-US", sources: [] });
    const sentences = material.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.type === "table" ? [] : b.type === "list" ? b.items : b.sentences)),
    );
    // the display equation is one statement with the sentence that introduces it
    expect(sentences.map((s) => s.text)).toContain(
      "Newton's second law says that the net force equals the rate of change of momentum: $$\\sum_{i=1}^{n} F_{i}=\\frac{dp}{dt}$$",
    );
    expect(sentences.map((s) => s.text)).toContain(
      "Energy units: $5 buys about 30 kWh of electricity in many countries.",
    );

    const cards = offlineFlashcards(material, { count: 20 });
    expect(cards.some((c) => c.kind === "cloze")).toBe(true);
    for (const c of cards) {
      keepsFormulas(c.front, known);
      keepsFormulas(c.back, known);
    }
    // "momentum" is a key term, but in the impulse theorem it only stands inside the formula
    expect(cards.some((c) => c.quote.startsWith("The impulse theorem") && c.kind === "cloze")).toBe(false);

    // every question the offline writer can build from these sections, and a quiz of them
    const writer = createOfflineQuizWriter(material, { seed: "s" });
    const questions = [
      ...(await offlineQuiz(material, { types: [...QUESTION_TYPES], count: 12, seed: "s" })),
      ...material.sections.flatMap((section) =>
        QUESTION_TYPES.flatMap((type) =>
          [false, true].flatMap((truth) =>
            writer.builders(section, type, () => truth).map((build) => build()),
          ),
        ),
      ),
    ].filter((q) => q !== null);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.some((q) => q.question.includes("$"))).toBe(true);
    for (const q of questions) {
      for (const text of [q.question, q.referenceAnswer, q.explanation, ...q.options])
        keepsFormulas(text, known);
    }

    const map = buildMindMap(material, "n1");
    const labels: string[] = [];
    const walk = (n: typeof map.root) => {
      labels.push(n.label);
      n.children.forEach(walk);
    };
    walk(map.root);
    for (const l of labels) keepsFormulas(l, known);

    for (const slide of offlineSlides(material, { maxSlides: 6 })) {
      for (const text of [slide.title, ...slide.bullets, slide.notes]) keepsFormulas(text, known);
    }
  });
});

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const physics: SourceDocument = {
  title: "Physics",
  format: "pdf",
  language: "en",
  pageCount: 2,
  sections: [
    {
      heading: "Energy",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 1,
          text: "The kinetic energy of a moving body is $E_{k}=\\frac{1}{2}mv^{2}$, where m is its mass and v its speed.",
        },
        { type: "paragraph", page: 1, text: "$$\\sum_{i=1}^{n} F_{i}=ma$$" },
      ],
    },
    {
      heading: "Waves",
      level: 1,
      blocks: [
        {
          type: "paragraph",
          page: 2,
          text: "A wave carries energy from one place to another without carrying matter.",
        },
      ],
    },
  ],
};

describe("a model answer that changes a formula", () => {
  it("is recognised: rewritten, re-spaced into other LaTeX, unwrapped, or written as \\( \\)", () => {
    const source = physics.sections[0]!.blocks.map((b) => b.text).join("\n");
    expect(formulaChange(source, "Kinetic energy is $E_{k}=\\frac{1}{2}mv^{2}$.")).toBeNull();
    expect(formulaChange(source, "Sum:\n\n$$\n\\sum_{i=1}^{n} F_{i}=ma\n$$")).toBeNull();
    expect(formulaChange(source, "with mass $m$ and the force $F_{i}$")).toBeNull(); // pieces of a formula
    expect(formulaChange(source, "Kinetic energy is \\(E_{k}=\\frac{1}{2}mv^{2}\\).")).toBeNull();
    expect(formulaChange(source, "Kinetic energy is $E_k = \\frac12 m v^2$.")).toMatch(/changed formula/);
    expect(formulaChange(source, "Kinetic energy is `E_{k}=\\frac{1}{2}mv^{2}`.")).toMatch(
      /outside a formula/,
    );
    expect(formulaChange(source, "Kinetic energy is $\\frac{mv^{2}}{2}$.")).toMatch(/changed formula/);
    expect(formulaChange("No formulas here.", "Kinetic energy is $E$.")).toBeNull();
  });

  it("is asked again; a section the model keeps changing is extracted (formulas verbatim), the others kept", async () => {
    const mangle = (md: string) => md.replace(/\$E_\{k\}=\\frac\{1\}\{2\}mv\^\{2\}\$/g, "$E = mv^2/2$");
    const auto = (a: { sections: { id: string; heading: string; markdown: string; pages: number[] }[] }) => ({
      sections: a.sections.map((s) => ({ ...s, markdown: mangle(s.markdown) + " Model wrote this." })),
    });
    fake = await startFakeOpenAI({ script: () => ({ mapAuto: auto }) });
    const engine = createEngine(
      { aiBaseUrl: fake.url, aiApiKey: "k", aiModel: "m", aiContextTokens: 8000, aiConcurrency: 1 },
      { retryBaseMs: 5, retryMaxMs: 20 },
    );
    const note = await engine.generateNote({
      sources: [{ doc: physics, fileName: "physics.pdf" }],
      title: "Physics",
      outputLanguage: "en-US",
      detailLevel: "detail",
    });
    expect(fake.calls.length).toBeGreaterThan(1); // asked again
    expect(fake.calls[0]!.prompt).toContain("Copy each one you use exactly as it is");
    const [energy, waves] = note.sections;
    expect(energy!.markdown).not.toContain("Model wrote this.");
    expect(energy!.markdown).toContain("$E_{k}=\\frac{1}{2}mv^{2}$");
    expect(energy!.markdown).not.toContain("mv^2/2");
    expect(waves!.markdown).toContain("Model wrote this.");
  });
});

describe("an equation typed as text", () => {
  it("is one symbol, a relation and an expression with its brackets closed; not formula soup or a sentence", () => {
    // a Spanish economics handout's "E_p = (%ΔQ) / (%ΔP)" was dropped from its note as symbol debris
    for (const equation of [
      "E_p = (%ΔQ) / (%ΔP)",
      "F = m · a",
      "v(t) = s / t",
      "E_p = (ΔQ / Q) / (ΔP / P) = P / Q · ΔQ / ΔP",
    ])
      expect(isPlainEquation(equation), equation).toBe(true);
    for (const other of [
      "Δw lim = lim Δz−",
      "3500 7 '000 75% 7 %",
      "x = the number of apples that we counted in the basket",
      "a = (b + c",
      "Price = what the buyer pays",
      "$E=mc^2$",
    ])
      expect(isPlainEquation(other), other).toBe(false);
  });

  it("stays in the note after the sentence it follows", () => {
    const doc: SourceDocument = {
      title: "Elasticidad",
      format: "docx",
      language: "es",
      pageCount: 1,
      sections: [
        {
          heading: "Elasticidad - Precio de la Demanda",
          level: 1,
          blocks: [
            {
              type: "paragraph",
              page: 1,
              text: "Mide la sensibilidad de la cantidad demandada a las variaciones del precio.",
            },
            { type: "paragraph", page: 1, text: "E_p = (%ΔQ) / (%ΔP)" },
            { type: "paragraph", page: 1, text: "donde:" },
            {
              type: "list",
              page: 1,
              items: [
                "(%ΔQ) es la variación porcentual de la cantidad.",
                "(%ΔP) es la variación porcentual del precio.",
              ],
            },
          ],
        },
      ],
    };
    const note = generateOfflineNote({
      sources: [{ doc, fileName: "e.docx" }],
      title: "Elasticidad",
      outputLanguage: "es-ES",
      detailLevel: "detail",
    });
    expect(note.markdown).toContain("E\\_p = (%ΔQ) / (%ΔP)");
  });
});
