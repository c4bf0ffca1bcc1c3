/**
 * Language-aware word tokens: English through wink-nlp (POS, lemma), Chinese through jieba (segmentation,
 * POS), Japanese through kuromoji (IPADIC morphemes, base forms), Russian through Az.js (russian.ts), French,
 * German and Spanish through compromise's taggers (romance-germanic.ts), Korean without its particles, other
 * languages split on letters and reduced to their Snowball stem. Every model loads once per process, on
 * first use; kuromoji's dictionary loads asynchronously, so `await nlpReady("ja")` before tokenising
 * Japanese (until then Japanese falls back to ICU's word segmentation).
 */
import { existsSync, mkdirSync, readFile, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { gunzip } from "node:zlib";
import path from "node:path";
import type { Tokenizer as KuromojiTokenizer, IpadicFeatures } from "kuromoji";
import type { Jieba, TfIdf } from "@node-rs/jieba";
import { maskFormulas } from "../formula";
import { koreanStem, SIMPLE_WORD, wordTokens } from "../text";
import { isFunctionWord, stemmerFor, stopwordSet } from "./language";
import { recordLoad, recordLoaded } from "./loaded";
import { russianTokens } from "./russian";
import { COMPROMISE_LANGUAGES, compromiseTokens } from "./romance-germanic";

const requireHere = createRequire(import.meta.url);

/** Coarse part of speech (Universal Dependencies names); "FUNC" for a function word in CJK tag sets. */
export type CoarsePos = "NOUN" | "PROPN" | "ADJ" | "VERB" | "NUM" | "ADV" | "FUNC" | "X";

/** One word of a text: `norm` is its lemma or stem (lower-cased), the unit terms are matched by. */
export interface Token {
  text: string;
  norm: string;
  start: number;
  end: number;
  /** A function word (article, particle, auxiliary, pronoun, …), a number word or symbol. */
  stop: boolean;
  pos?: CoarsePos;
  /** The tagger's own tag (wink's UD tag, jieba's ICTCLAS tag, IPADIC's part of speech). */
  tag?: string;
}

// --- the models, loaded once ---

export interface WinkToken {
  value: string;
  lemma: string;
  pos: string;
  stop: boolean;
}
let winkReader: ((text: string) => WinkToken[]) | undefined;
/** Loads wink-nlp with its English model (sentence boundaries and POS only); about 0.15 s of CPU, once. */
export function englishTagger(): (text: string) => WinkToken[] {
  winkReader ??= recordLoad("wink", () => {
    const winkNLP = requireHere("wink-nlp") as (model: unknown, pipe?: string[]) => WinkNlp;
    const nlp = winkNLP(requireHere("wink-eng-lite-web-model"), ["sbd", "pos"]);
    const its = nlp.its;
    return (input: string) => {
      const tokens = nlp.readDoc(input).tokens();
      const values = tokens.out(its.value) as string[];
      const lemmas = tokens.out(its.lemma) as string[];
      const tags = tokens.out(its.pos) as string[];
      const stops = tokens.out(its.stopWordFlag) as boolean[];
      return values.map((value, i) => ({ value, lemma: lemmas[i]!, pos: tags[i]!, stop: stops[i]! }));
    };
  });
  return winkReader;
}
interface WinkNlp {
  its: Record<string, unknown>;
  readDoc(text: string): { tokens(): { out(helper: unknown): unknown[] } };
}

const CORE_MODEL = "wink-eng-lite-web-model/dist/languages/cur/models/eng-core-web-model.json";
let englishLexicon: Set<string> | undefined;
/**
 * The words of wink's English lexicon (about 87,000: the general vocabulary); a word outside it is rare
 * or technical ("softmax", "backpropagation"). Where wink is loaded (English text) the list is read from the
 * model it loaded; elsewhere (Latin words in a Chinese or Japanese note) from a word list derived from that
 * model once and kept in TMPDIR, so that such a note never parses wink's 3 MB model.
 */
export function inEnglishLexicon(word: string): boolean {
  englishLexicon ??= recordLoad("en-lexicon", loadEnglishLexicon);
  return englishLexicon.has(word.toLowerCase());
}

function loadEnglishLexicon(): Set<string> {
  const cacheFile = lexiconCacheFile();
  if (!winkReader && cacheFile) {
    try {
      return new Set(JSON.parse(readFileSync(cacheFile, "utf8")) as string[]);
    } catch {
      // not derived yet (or unreadable): from the model below
    }
  }
  const core = requireHere(CORE_MODEL) as { features: { lexeme: { list: string[] } } };
  const words = new Set(core.features.lexeme.list.map((w) => w.toLowerCase()));
  if (cacheFile && !existsSync(cacheFile)) writeDerived(cacheFile, JSON.stringify([...words]));
  return words;
}

/** Where the lexicon derived from this exact model file is kept (its version, size and time in the name). */
function lexiconCacheFile(): string | undefined {
  try {
    const model = requireHere.resolve(CORE_MODEL);
    const { version } = requireHere("wink-eng-lite-web-model/package.json") as { version: string };
    const { size, mtimeMs } = statSync(model);
    const name = `en-lexicon-${version}-${size}-${Math.trunc(mtimeMs)}.json`;
    return path.join(os.tmpdir(), "beannote-nlp-tables", name);
  } catch {
    return undefined;
  }
}

/** Writes a derived table atomically (another process may read it at the same time); a failure only costs time. */
function writeDerived(file: string, text: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch {
    // read-only TMPDIR: the next process derives it again
  }
}

let jieba: Jieba | undefined;
let jiebaTfIdf: TfIdf | undefined;
/** The jieba segmenter with its default dictionary (loaded on first use, about 0.3 s). */
export function jiebaSegmenter(): Jieba {
  jieba ??= recordLoad("jieba", () => {
    const { Jieba: JiebaClass } = requireHere("@node-rs/jieba") as typeof import("@node-rs/jieba");
    const { dict } = requireHere("@node-rs/jieba/dict.js") as typeof import("@node-rs/jieba/dict");
    return JiebaClass.withDict(dict);
  });
  return jieba;
}
/** jieba's TF-IDF extractor with its IDF table (general-language rarity of Chinese words). */
export function jiebaKeywords(): TfIdf {
  jiebaTfIdf ??= recordLoad("jieba-idf", () => {
    const { TfIdf: TfIdfClass } = requireHere("@node-rs/jieba") as typeof import("@node-rs/jieba");
    const { idf } = requireHere("@node-rs/jieba/dict.js") as typeof import("@node-rs/jieba/dict");
    return TfIdfClass.withDict(idf);
  });
  return jiebaTfIdf;
}

type JapaneseMorpheme = IpadicFeatures & {
  basic_form?: string;
  pos_detail_1?: string;
  word_position?: number;
};
let kuromojiLoading: Promise<KuromojiTokenizer> | undefined;
let kuromojiTokenizer: KuromojiTokenizer | undefined;
/** The kuromoji tokenizer (IPADIC), loaded once; its dictionary is read from node_modules/kuromoji/dict. */
export function japaneseTokenizer(): Promise<KuromojiTokenizer> {
  kuromojiLoading ??= (async () => {
    const started = performance.now();
    const built = await loadKuromoji(
      path.join(path.dirname(requireHere.resolve("kuromoji/package.json")), "dict"),
    );
    kuromojiTokenizer = built;
    recordLoaded("kuromoji", started);
    return built;
  })();
  kuromojiLoading.catch(() => (kuromojiLoading = undefined));
  return kuromojiLoading;
}

type Callback<T> = (error: Error | null, value?: T) => void;
interface KuromojiLoader {
  loadArrayBuffer: (file: string, callback: Callback<ArrayBuffer>) => void;
  load(callback: Callback<unknown>): void;
}

/**
 * What `kuromoji.builder({ dicPath }).build()` does (its TokenizerBuilder), with its Node loader's last step
 * left out: that loader copied every decompressed file (about 100 MB) into a new array, a third of the load's
 * CPU and a transient 100 MB. The bytes kuromoji reads are the same.
 */
function loadKuromoji(dicPath: string): Promise<KuromojiTokenizer> {
  const NodeDictionaryLoader = requireHere("kuromoji/src/loader/NodeDictionaryLoader") as new (
    dicPath: string,
  ) => KuromojiLoader;
  const Tokenizer = requireHere("kuromoji/src/Tokenizer") as new (dictionaries: unknown) => KuromojiTokenizer;
  const loader = new NodeDictionaryLoader(dicPath);
  loader.loadArrayBuffer = (file, callback) =>
    readFile(file, (readError, compressed) => {
      if (readError) return callback(readError);
      gunzip(compressed, (gunzipError, bytes) =>
        gunzipError ? callback(gunzipError) : callback(null, ownBuffer(bytes)),
      );
    });
  return new Promise((resolve, reject) =>
    loader.load((error, dictionaries) => (error ? reject(error) : resolve(new Tokenizer(dictionaries)))),
  );
}

/** The bytes of `buffer` as an ArrayBuffer of their own: its backing store when it holds only them (large files). */
function ownBuffer(buffer: Buffer): ArrayBuffer {
  const backing = buffer.buffer as ArrayBuffer;
  return buffer.byteOffset === 0 && buffer.byteLength === backing.byteLength
    ? backing
    : backing.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
}

/** Resolves once the models `lang` needs are loaded (only Japanese loads asynchronously). */
export async function nlpReady(lang: string): Promise<void> {
  if (lang === "ja") await japaneseTokenizer();
}

// --- tokenisers ---

const WINK_FUNCTION = new Set([
  "DET",
  "ADP",
  "AUX",
  "CCONJ",
  "SCONJ",
  "PRON",
  "PART",
  "PUNCT",
  "SYM",
  "INTJ",
  "SPACE",
]);
const WORDLIKE = /[\p{L}\p{N}]/u;

function englishTokens(text: string): Token[] {
  const out: Token[] = [];
  let cursor = 0;
  for (const t of englishTagger()(text)) {
    const start = text.indexOf(t.value, cursor);
    if (start < 0) continue;
    cursor = start + t.value.length;
    if (!WORDLIKE.test(t.value)) continue;
    const pos = (WINK_FUNCTION.has(t.pos) ? "FUNC" : t.pos) as CoarsePos;
    const stop =
      pos === "FUNC" || (pos !== "NOUN" && pos !== "PROPN" && (t.stop || isFunctionWord(t.value, "en")));
    out.push({ text: t.value, norm: t.lemma.toLowerCase(), start, end: cursor, stop, pos, tag: t.pos });
  }
  return out;
}

/** jieba's tags (ICTCLAS) reduced to coarse POS. */
function jiebaPos(tag: string): CoarsePos {
  if (tag === "nr" || tag === "ns" || tag === "nt" || tag === "nz" || tag === "nrt" || tag === "eng")
    return "PROPN";
  if (tag.startsWith("n") || tag === "vn" || tag === "j" || tag === "l" || tag === "i") return "NOUN";
  if (tag.startsWith("v")) return "VERB";
  if (tag.startsWith("a") || tag === "b") return "ADJ";
  if (tag === "m" || tag === "q" || tag === "mq") return "NUM";
  if (tag === "d") return "ADV";
  if (tag === "x") return "X";
  return "FUNC";
}

// V8 and jieba both work best on short pieces; a piece never ends inside a word.
const PIECE = /[^。！？；\n.!?;]{1,400}[。！？；\n.!?;]?|[。！？；\n.!?;]/gu;

/**
 * Tags of a word's first part that make a word jieba guessed no name: conjunction, preposition, particle,
 * pronoun, the prefix 非; of adverbs only those that modify a verb (an adverb-like first character may
 * name: "常点", a differential equation's ordinary point).
 */
const OPENS_NO_NAME = new Set(["c", "p", "u", "r", "h"]);
const OPENS_WITH_ADVERB = /^[不也都就又还很再才]/u;
/** A verb's complement or aspect mark ending a guessed word ("大到", "推得"). */
const ENDS_NO_NAME = /[到得着了过在给]$/u;

/**
 * A word jieba guessed (tag "x", not in its dictionary) that is a phrase glued together, as its dictionary
 * parts: "既开又闭" gave "既开", "大到小一定对" gave "大到" and "小到" as key terms. A guessed word that
 * names something ("闭集", "紧致", "聚点") stays whole.
 */
function unguessed(t: { word: string; tag: string }, segmenter: Jieba): { word: string; tag: string }[] {
  if (t.tag !== "x" || !/^\p{Script=Han}{2,}$/u.test(t.word)) return [t];
  const parts = segmenter.tag(t.word, false);
  if (parts.length < 2) return [t];
  const glued =
    OPENS_NO_NAME.has(parts[0]!.tag) || OPENS_WITH_ADVERB.test(t.word) || ENDS_NO_NAME.test(t.word);
  return glued ? parts : [t];
}

function chineseTokens(text: string): Token[] {
  const out: Token[] = [];
  const segmenter = jiebaSegmenter();
  for (const piece of text.matchAll(PIECE)) {
    let cursor = piece.index;
    for (const { word, tag } of segmenter.tag(piece[0], true).flatMap((t) => unguessed(t, segmenter))) {
      const start = text.indexOf(word, cursor);
      if (start < 0) continue;
      cursor = start + word.length;
      if (!WORDLIKE.test(word)) continue;
      let pos = jiebaPos(tag);
      // a one-character "verb" right after a word is a noun suffix the tagger misread ("搜索树", "分类器")
      const previous = out.at(-1);
      if (pos === "VERB" && [...word].length === 1 && previous?.end === start && !previous.stop) pos = "NOUN";
      const latin = /^[\p{Script=Latin}\p{N}]/u.test(word);
      const norm = latin ? (stemmerFor("en")?.stem(word.toLowerCase()) ?? word.toLowerCase()) : word;
      const stop = pos === "FUNC" || isFunctionWord(word, "zh") || (latin && isFunctionWord(word, "en"));
      out.push({ text: word, norm, start, end: cursor, stop, pos, tag });
    }
  }
  return out;
}

function japanesePos(m: JapaneseMorpheme): CoarsePos {
  const detail = m.pos_detail_1 ?? "";
  if (m.pos === "名詞") {
    if (detail === "数") return "NUM";
    if (detail === "固有名詞") return "PROPN";
    // "場合", "時", "前" (副詞可能: nouns used as adverbs) and "こと", "もの" (非自立) frame a clause, name nothing
    if (detail === "代名詞" || detail === "非自立" || detail === "副詞可能") return "FUNC";
    return "NOUN";
  }
  if (m.pos === "動詞") return "VERB";
  if (m.pos === "形容詞" || m.pos === "連体詞") return "ADJ";
  if (m.pos === "副詞") return "ADV";
  if (m.pos === "接頭詞") return "X";
  return "FUNC";
}

function japaneseTokens(text: string): Token[] {
  if (!kuromojiTokenizer) {
    void japaneseTokenizer().catch(() => undefined);
    return fallbackTokens(text, "ja");
  }
  const out: Token[] = [];
  for (const piece of text.matchAll(PIECE)) {
    for (const m of kuromojiTokenizer.tokenize(piece[0]) as JapaneseMorpheme[]) {
      const start = piece.index + (m.word_position ?? 1) - 1;
      const surface = m.surface_form;
      if (!WORDLIKE.test(surface)) continue;
      const pos = japanesePos(m);
      const base = m.basic_form && m.basic_form !== "*" ? m.basic_form : surface;
      // the engine's shared stop list holds Chinese verbs ("需要" need, "表示" show) that are Japanese nouns
      // ("需要" demand): a word kuromoji reads as a noun is stopped by the Japanese list alone
      const nominal = pos === "NOUN" || pos === "PROPN";
      const stop =
        pos === "FUNC" || (nominal ? stopwordSet("ja").has(surface) : isFunctionWord(surface, "ja"));
      out.push({
        text: surface,
        norm: base.toLowerCase(),
        start,
        end: start + surface.length,
        stop,
        pos,
        tag: m.pos,
      });
    }
  }
  return out;
}

/** Words split on letters (or by ICU for scripts without spaces), normalised by stem or particle. */
function fallbackTokens(text: string, lang: string): Token[] {
  const stemmer = stemmerFor(lang);
  const out: Token[] = [];
  const spaced = !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(text);
  const pieces = spaced
    ? [...text.matchAll(SIMPLE_WORD)].map((m) => ({ word: m[0], start: m.index }))
    : wordTokens(text, lang).map((t) => ({
        word: text.slice(t.index, t.index + t.word.length),
        start: t.index,
      }));
  for (const { word, start } of pieces) {
    const lower = word.toLowerCase();
    const stemmed = lang === "ko" ? koreanStem(word) : stemmer ? stemmer.stem(lower) : lower;
    const stop = isFunctionWord(lower, lang) || isFunctionWord(koreanStem(word), lang);
    const pos: CoarsePos | undefined = /^\p{N}+(?:[.,]\p{N}+)*$/u.test(word) ? "NUM" : undefined;
    out.push({ text: word, norm: stemmed.toLowerCase(), start, end: start + word.length, stop, pos });
  }
  return lang === "pt" ? withPortugueseVerbs(text, out) : out;
}

/**
 * Portuguese has no tagger of its own on npm; Spanish compromise, its closest kin, still knows its verb forms
 * ("ocorre", "depende", "liberando", "desempenham") though not its function words, which the Portuguese stop
 * list already holds. A word it reads as a verb alone (not also a noun) is one: no term, no blank, no option.
 */
function withPortugueseVerbs(text: string, tokens: Token[]): Token[] {
  if (!tokens.some((t) => !t.stop && t.pos === undefined)) return tokens;
  const verbs = new Set(
    compromiseTokens(text, "es")
      .filter((t) => t.pos === "VERB")
      .map((t) => t.start),
  );
  return tokens.map((t) =>
    !t.stop && t.pos === undefined && verbs.has(t.start) ? { ...t, pos: "VERB" } : t,
  );
}

/**
 * The words of `text` in language `lang` (a primary subtag: "en", "zh", "ja", "ru", …; see textLanguage),
 * with offsets into `text`. Nothing inside a formula (`$…$`) is a word; punctuation is no token.
 */
export function tokenize(text: string, lang: string): Token[] {
  const masked = maskFormulas(text);
  let tokens: Token[];
  if (lang === "en") tokens = englishTokens(masked);
  else if (lang === "zh") tokens = chineseTokens(masked);
  else if (lang === "ja") tokens = japaneseTokens(masked);
  else if (lang === "ru") tokens = russianTokens(masked);
  else if (COMPROMISE_LANGUAGES.has(lang)) tokens = compromiseTokens(masked, lang);
  else tokens = fallbackTokens(masked, lang);
  return tokens.map((t) => ({ ...t, text: text.slice(t.start, t.end) }));
}

/** The lemmas or stems of the content words of `text`, in order (repeats kept). */
export function contentStems(text: string, lang: string): string[] {
  return tokenize(text, lang)
    .filter((t) => !t.stop && !/^\p{N}+$/u.test(t.text))
    .map((t) => t.norm);
}

/** Languages whose tagger tells a word's part of speech: wink (en), jieba (zh), kuromoji (ja). */
const TAGGED_LANGUAGES = new Set(["en", "zh", "ja"]);
export const hasTagger = (lang: string): boolean => TAGGED_LANGUAGES.has(lang);

/** Whether `text` holds a verb (a clause, not a bare noun phrase); true where no tagger says otherwise. */
export function hasVerb(text: string, lang: string): boolean {
  if (!hasTagger(lang)) return true;
  return tokenize(text, lang).some(
    (t) =>
      t.pos === "VERB" || t.tag === "AUX" || t.tag === "助動詞" || (lang === "zh" && t.tag?.startsWith("v")),
  );
}
