import type { OutputLanguage, QuestionType, SourceDocument } from "@beannote/contract";
import { generateOfflineNote } from "../offline";
import { noteMaterial } from "../note-material";
import { offlineQuiz } from "./offline";
import type { QuestionDraft } from "./question";

/**
 * Short notes written for the quiz tests around sentences a reviewer quoted from unseen course documents
 * (the French Revolution, price elasticity, market surplus, resonance, CPU scheduling, limits of sequences):
 * the sentences a false judgment or a case item went wrong on, with the note's other uses of their terms.
 */
export interface ReviewNote {
  lang: string;
  output: string;
  title: string;
  sections: [heading: string, items: string[]][];
}

export const NOTES: Record<string, ReviewNote> = {
  fr: {
    lang: "fr",
    output: "fr-FR",
    title: "La Révolution française",
    sections: [
      [
        "A. Des changements fondamentaux",
        [
          "Fin de la monarchie absolue et des privilèges",
          "Souveraineté nationale : le pouvoir appartient à la nation",
          "Création des départements pour organiser le territoire",
          "Affirmation des droits de l'homme (liberté, égalité, propriété)",
        ],
      ],
      [
        "C. La République et la Terreur (1792-1794)",
        [
          "La République est proclamée le 21 septembre 1792",
          "Louis XVI est jugé et guillotiné le 21 janvier 1793",
          "La Terreur (1793-1794) : période de violence politique menée par Robespierre",
          "Des milliers de personnes sont exécutées comme « ennemis de la Révolution »",
        ],
      ],
      [
        "Vocabulaire essentiel",
        [
          "Constitution : texte qui organise les pouvoirs dans un État",
          "République : régime politique sans roi, où le pouvoir appartient aux citoyens",
          "Terreur : période de la Révolution (1793-1794) marquée par des exécutions massives",
        ],
      ],
    ],
  },
  es: {
    lang: "es",
    output: "es-ES",
    title: "Elasticidad",
    sections: [
      [
        "Elasticidad de la demanda",
        [
          "En la ley de la oferta y demanda sabemos que varía una con respecto a otra, pero no sabemos cuánto.",
          "El caso de los bienes de primera necesidad muestra una demanda inelástica.",
          "Se compra sin importar el precio.",
          "Los bienes de lujo tienen una demanda elástica.",
          "La elasticidad mide la variación de la cantidad demandada ante un cambio del precio.",
        ],
      ],
    ],
  },
  en: {
    lang: "en",
    output: "en-US",
    title: "Markets and resonance",
    sections: [
      [
        "Surplus",
        [
          "Consumer surplus is a measure of how much the consumers' well-being is improved by participating in the market.",
          "Producer surplus is a measure of how much the producers' well-being is improved by participating in the market.",
          "Total surplus is the sum of consumer surplus and producer surplus.",
          "The marginal cost of production rises as the quantity produced increases.",
        ],
      ],
      [
        "The Millennium Bridge",
        [
          "So the forcing term is not purely sinusoidal.",
          "People typically walk about two steps per second.",
          "Each of the steps exerts a sideways force on the bridge deck.",
          "The natural frequency of the bridge deck was close to one cycle per second.",
        ],
      ],
    ],
  },
  zh: {
    lang: "zh",
    output: "zh-CN",
    title: "CPU调度",
    sections: [
      [
        "5.1 基本概念",
        [
          "CPU调度器（或短程调度器）负责从就绪队列中选择一个进程并分配CPU。",
          "分派程序负责把CPU的控制权交给短程调度器选择的进程。",
          "分派延迟是分派程序停止一个进程并启动另一个进程所需的时间。",
          "FCFS是最简单的调度算法，按进程到达顺序分配CPU，使用FIFO队列，非抢占式。",
        ],
      ],
    ],
  },
  ja: {
    lang: "ja",
    output: "ja-JP",
    title: "細胞膜",
    sections: [
      [
        "膜の流動性",
        [
          "リン脂質や膜タンパク質は素早く拡散（diffuse）する。",
          "FRAPにおけるDiffusion Rateは、十分に時間が経った後に戻る水準の半分までrecoverするのにかかる時間と定義される。",
          "タンパク質の割合はmembraneによってちがう。",
          "コレステロールは膜の流動性を調節する。",
          "細胞膜はリン脂質の二重層でできている。",
          "脂質ラフトにはコレステロールが多く含まれる。",
          "膜タンパク質の一部はリン脂質の二重層を貫通している。",
        ],
      ],
    ],
  },
  ru: {
    lang: "ru",
    output: "en-US",
    title: "Предел последовательности",
    sections: [
      [
        "Монотонные последовательности",
        [
          "Всякая неубывающая (невозрастающая) последовательность $\\{x_{n}\\}$, ограниченная сверху (снизу), имеет предел.",
          "Подпоследовательность $\\{x_{nk}\\}$ сходящейся последовательности сходится к тому же пределу.",
          "Последовательность $\\{x_{n}\\}$ называется ограниченной, если все её элементы лежат в одном отрезке.",
          "Всякая сходящаяся последовательность ограничена.",
        ],
      ],
    ],
  },
};

const SEEDS = ["a", "b", "c", "d", "e", "f", "g", "h"];

/** The quizzes of eight seeds on a note (a DOCX of one list per section), of the types asked for. */
export async function quizzes(n: ReviewNote, types: QuestionType[]): Promise<QuestionDraft[]> {
  const doc: SourceDocument = {
    title: n.title,
    format: "docx",
    language: n.lang,
    pageCount: 1,
    sections: n.sections.map(([heading, items]) => ({
      heading,
      level: 1,
      blocks: [{ type: "list" as const, page: 1, items }],
    })),
  };
  const output = n.output as OutputLanguage;
  const markdown = generateOfflineNote({
    sources: [{ doc, fileName: "note.docx" }],
    title: doc.title,
    outputLanguage: output,
    detailLevel: "detail",
  }).markdown;
  const material = noteMaterial({ title: doc.title, markdown, outputLanguage: output, sources: [doc] });
  const out: QuestionDraft[] = [];
  for (const seed of SEEDS) out.push(...(await offlineQuiz(material, { types, count: 8, seed })));
  return out;
}
