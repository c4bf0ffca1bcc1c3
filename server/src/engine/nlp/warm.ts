/**
 * Warming the language tools before the first study job needs them: a freshly started worker loads the models of
 * the languages it expects (wink for English, jieba and its IDF table for Chinese, kuromoji for Japanese, Az.js
 * for Russian, compromise's plugins for French, German and Spanish) and runs
 * a short text through tokens, noun phrases and key terms, so that the first deck or quiz it writes costs what a
 * later one does. Every step yields to the event loop, so requests and jobs are served in between; a job that
 * arrives first simply loads what it needs itself (each model loads once per process either way).
 */
import { loadedNlpModels } from "./loaded";
import { COMPROMISE_LANGUAGES, compromiseTagger } from "./romance-germanic";
import { russianMorph } from "./russian";
import { stemmerFor, stopwordSet, textLanguage } from "./language";
import { isConceptTerm, keyTerms, termSpecificity } from "./terms";
import {
  contentStems,
  englishTagger,
  hasVerb,
  inEnglishLexicon,
  jiebaKeywords,
  jiebaSegmenter,
  nlpReady,
  tokenize,
} from "./tokens";

/**
 * What a worker warms unless told otherwise: English and Chinese, the output languages most notes are written
 * in (about 0.2 s of CPU and 60–75 MiB each). Japanese is not among them: kuromoji's dictionary is about 0.8 s
 * and 300 MiB, which a worker that never sees Japanese should not hold; the first Japanese job loads it.
 */
export const DEFAULT_WARM_LANGUAGES: readonly string[] = ["en", "zh"];

/** A short text of the kinds the engines read: a definition, an acronym, a number with its unit, a list. */
const SAMPLES: Record<string, string> = {
  en:
    "A support vector machine (SVM) is a classifier that minimises the hinge loss. Gradient descent updates " +
    "the weights of the model in three steps, and the learning rate was 0.01 in 2019.",
  zh:
    "支持向量机（SVM）是一种最小化合页损失的分类器。梯度下降分三步更新模型的权重，Softmax 回归的学习率为 0.01。" +
    "这个定理称为收敛定理。",
  ja: "サポートベクターマシン（SVM）とは、ヒンジ損失を最小化する分類器である。勾配降下法はモデルの重みを三段階で更新する。",
  ru:
    "Метод опорных векторов (SVM) — это классификатор, минимизирующий кусочно-линейную функцию потерь. " +
    "Градиентный спуск обновляет веса модели в три шага.",
  fr:
    "La machine à vecteurs de support (SVM) est un classifieur qui minimise la perte charnière. La descente de " +
    "gradient met à jour les poids du modèle en trois étapes.",
  de:
    "Die Support-Vector-Maschine (SVM) ist ein Klassifikator, der den Hinge-Verlust minimiert. Das " +
    "Gradientenverfahren aktualisiert die Gewichte des Modells in drei Schritten.",
  es:
    "La máquina de vectores de soporte (SVM) es un clasificador que minimiza la pérdida bisagra. El descenso " +
    "de gradiente actualiza los pesos del modelo en tres pasos.",
};
const OTHER_SAMPLE = "Model 2019 SVM";

export interface WarmedLanguage {
  lang: string;
  /** Wall time from the first step to the last, yields included. */
  ms: number;
  /** The models this language loaded (those an earlier language had loaded are not repeated). */
  models: { name: string; ms: number }[];
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The loading steps of a language's models, each a synchronous piece short enough to run between requests. */
function loadSteps(lang: string): (() => unknown)[] {
  const common = [() => stopwordSet(lang), () => stemmerFor(lang), () => textLanguage(OTHER_SAMPLE)];
  if (lang === "en") return [...common, () => englishTagger(), () => inEnglishLexicon("model")];
  if (lang === "zh" || lang === "ja")
    return [...common, () => jiebaSegmenter(), () => jiebaKeywords(), () => inEnglishLexicon("model")];
  if (lang === "ru") return [...common, () => russianMorph()];
  if (COMPROMISE_LANGUAGES.has(lang)) return [...common, () => compromiseTagger(lang)];
  return common;
}

/** The sample run through what the engines call, so the first job does not pay for the first calls. */
function useSteps(lang: string): (() => unknown)[] {
  const sample = SAMPLES[lang] ?? OTHER_SAMPLE;
  return [
    () => tokenize(sample, lang),
    () =>
      keyTerms([sample, sample.slice(0, sample.length >> 1)], lang, {
        emphasized: [sample.split(/[\s，、（(]/u)[0]!],
      }),
    () => {
      for (const t of keyTerms(sample, lang, { limit: 5 })) {
        isConceptTerm(t.term, lang);
        termSpecificity(tokenize(t.term, lang), lang);
      }
    },
    () => hasVerb(sample, lang),
    () => contentStems(sample, lang),
  ];
}

/**
 * Loads and exercises the language tools of `languages` ("en", "zh", "ja", or any other primary subtag), one
 * language after another, yielding to the event loop between steps; stops early once `signal` aborts. Returns
 * what each language took, for the worker's log and the benchmarks.
 */
export async function warmNlp(
  languages: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<WarmedLanguage[]> {
  const out: WarmedLanguage[] = [];
  for (const lang of languages) {
    const started = performance.now();
    const before = new Set(loadedNlpModels().map((m) => m.name));
    await nlpReady(lang); // kuromoji loads asynchronously
    for (const step of [...loadSteps(lang), ...useSteps(lang)]) {
      if (options.signal?.aborted) return out;
      await nextTurn();
      step();
    }
    out.push({
      lang,
      ms: performance.now() - started,
      models: loadedNlpModels().filter((m) => !before.has(m.name)),
    });
  }
  return out;
}
