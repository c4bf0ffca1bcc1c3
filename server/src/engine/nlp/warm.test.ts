import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it, vi } from "vitest";

type Nlp = typeof import("./index");
/** The NLP layer as a fresh process has it: no model loaded yet. */
async function freshNlp(): Promise<Nlp> {
  vi.resetModules();
  return import("./index");
}
const names = (nlp: Nlp) => nlp.loadedNlpModels().map((m) => m.name);

const CHINESE = "Softmax 回归是一种分类器。支持向量机（SVM）最小化合页损失，梯度下降更新模型的权重。";
const ENGLISH =
  "A support vector machine (SVM) minimises the hinge loss; gradient descent updates the weights.";

describe("loading per language", () => {
  beforeAll(async () => {
    // the English lexicon derived from wink's model exists once any process has read the model
    (await freshNlp()).inEnglishLexicon("model");
  });

  it("a Chinese note's Latin words are looked up without parsing wink's model (fresh process)", async () => {
    const script = [
      'import { createRequire } from "node:module";',
      `const nlp = await import(${JSON.stringify(new URL("./index.ts", import.meta.url).href)});`,
      `const terms = nlp.keyTerms(${JSON.stringify(CHINESE)}, "zh").map((t) => t.term);`,
      "const cache = createRequire(import.meta.url).cache;",
      // the model's package.json (its version names the derived table) is no model
      "const wink = Object.keys(cache).filter((f) => /wink-(nlp|eng-lite-web-model)\\/(?!package\\.json)/.test(f));",
      "console.log(JSON.stringify({ terms, wink, models: nlp.loadedNlpModels().map((m) => m.name) }));",
    ].join("\n");
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", tsx, "--input-type=module", "-e", script],
      { cwd: process.cwd() },
    );
    const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
      terms: string[];
      wink: string[];
      models: string[];
    };
    expect(result.terms).toContain("Softmax 回归");
    expect(result.models).toEqual(expect.arrayContaining(["jieba", "jieba-idf", "en-lexicon"]));
    expect(result.models).not.toContain("wink");
    expect(result.wink).toEqual([]);
  });

  it("an English text loads wink and not jieba", async () => {
    const nlp = await freshNlp();
    nlp.keyTerms(ENGLISH, "en");
    expect(names(nlp)).toContain("wink");
    expect(names(nlp)).not.toContain("jieba");
    expect(names(nlp)).not.toContain("jieba-idf");
  });

  it("the lexicon read from the derived table ranks terms as the one read from wink's model", async () => {
    const derived = await freshNlp();
    const fromTable = derived.keyTerms(CHINESE, "zh");
    expect(names(derived)).not.toContain("wink");
    const loaded = await freshNlp();
    loaded.tokenize(ENGLISH, "en"); // wink first: the lexicon then comes from its model
    expect(loaded.keyTerms(CHINESE, "zh")).toEqual(fromTable);
  });
});

describe("warmNlp", () => {
  it("loads each language's models once and changes no result", async () => {
    const cold = await freshNlp();
    const expected = [cold.keyTerms(ENGLISH, "en"), cold.keyTerms(CHINESE, "zh")];
    const nlp = await freshNlp();
    const warmed = await nlp.warmNlp(["en", "zh"]);
    expect(warmed.map((w) => w.lang)).toEqual(["en", "zh"]);
    expect(warmed[0]!.models.map((m) => m.name)).toContain("wink");
    expect(warmed[1]!.models.map((m) => m.name)).toEqual(expect.arrayContaining(["jieba", "jieba-idf"]));
    // nothing loaded twice: English's models are not among Chinese's
    expect(warmed[1]!.models.map((m) => m.name)).not.toContain("wink");
    const count = names(nlp).length;
    expect([nlp.keyTerms(ENGLISH, "en"), nlp.keyTerms(CHINESE, "zh")]).toEqual(expected);
    expect(names(nlp)).toHaveLength(count);
  });

  it("stops once its signal aborts", async () => {
    const nlp = await freshNlp();
    const controller = new AbortController();
    controller.abort();
    expect(await nlp.warmNlp(["en", "zh"], { signal: controller.signal })).toEqual([]);
    expect(names(nlp)).not.toContain("wink");
    expect(names(nlp)).not.toContain("jieba");
  });
});

describe("one kuromoji per process", () => {
  it("the podcast's Japanese reading and the study tools share one dictionary", async () => {
    const nlp = await freshNlp();
    const { japaneseReading } = await import("../../speech/japanese");
    expect(await japaneseReading("学習した")).toMatch(/^[\p{Script=Katakana}ー]+$/u);
    expect(names(nlp)).toEqual(["kuromoji"]);
    // the study tools tokenise with it at once, no second load awaited
    const tokens = nlp.tokenize("データを学習した。", "ja");
    expect(tokens.find((t) => t.text === "学習")?.tag).toBe("名詞");
  });
});
