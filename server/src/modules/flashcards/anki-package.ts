/**
 * Anki package (.apkg) writer.
 *
 * An .apkg is a zip holding `collection.anki2` (an SQLite database in Anki's legacy schema 11,
 * which every Anki 2.1 desktop and mobile client imports) and `media` (a JSON map of the zip's
 * media files; we ship none, so `{}`). The database is built in memory with sql.js (SQLite in
 * WASM, no native build) and zipped with JSZip.
 *
 * Output is deterministic for a given input and `now`: ids are derived from `now`, note guids
 * from the deck name and card content, and zip entry dates are `now`.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import JSZip from "jszip";
import type { Database, SqlJsStatic } from "sql.js";

export interface AnkiCard {
  front: string;
  back: string;
  /** e.g. "notes.pdf p. 12" or "" */
  source: string;
}

/** Name of the note type the package carries. */
export const ANKI_NOTE_TYPE_NAME = "BeanNote Basic";

/**
 * Id of the "BeanNote Basic" note type. Fixed (rather than derived from `now`) so that importing
 * several BeanNote packages reuses one note type in Anki instead of adding "BeanNote Basic-1a2b…"
 * copies. Change it whenever the fields or templates change.
 */
export const ANKI_NOTE_TYPE_ID = 1_718_000_000_000;

const DEFAULT_DECK_ID = 1;
const DEFAULT_DECK_CONF_ID = 1;
const FIELD_SEPARATOR = "\x1f";

const requireHere = createRequire(import.meta.url);
let sqlJs: Promise<SqlJsStatic> | undefined;

/** sql.js, initialised once per process with its wasm read from node_modules (no network). */
function loadSqlJs(): Promise<SqlJsStatic> {
  if (!sqlJs) {
    const wasmPath = requireHere.resolve("sql.js/dist/sql-wasm.wasm");
    // Loaded with the first Anki export, not at boot.
    sqlJs = import("sql.js").then(({ default: initSqlJs }) => initSqlJs({ locateFile: () => wasmPath }));
    // A failed load is not cached: the next call tries again.
    sqlJs.catch(() => {
      sqlJs = undefined;
    });
  }
  return sqlJs;
}

/** Anki's schema 11 (as in rslib/src/storage/schema11.sql). */
const SCHEMA_11 = `
create table col (
  id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null,
  conf text not null, models text not null, decks text not null, dconf text not null,
  tags text not null
);
create table notes (
  id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null,
  csum integer not null, flags integer not null, data text not null
);
create table cards (
  id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null,
  due integer not null, ivl integer not null, factor integer not null, reps integer not null,
  lapses integer not null, left integer not null, odue integer not null, odid integer not null,
  flags integer not null, data text not null
);
create table revlog (
  id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null,
  type integer not null
);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

const CARD_CSS = `.card {
  font-family: arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif;
  font-size: 20px;
  text-align: center;
  color: black;
  background-color: white;
}
.source {
  margin-top: 1.5em;
  font-size: 0.65em;
  color: #888;
}
`;

const QUESTION_TEMPLATE = "{{Front}}";
const ANSWER_TEMPLATE =
  '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}\n\n{{#Source}}<div class="source">{{Source}}</div>{{/Source}}';

// Control characters other than tab and newline have no place in a field; \x1f would even split it.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/** Plain text → the HTML Anki stores in a field: &, <, > escaped, newlines as <br>. */
export function textToAnkiHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL_CHARS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\n/g, "<br>");
}

const HTML_TAGS = /<!--.*?-->|<style.*?>.*?<\/style>|<script.*?>.*?<\/script>|<.*?>/gis;
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Anki's strip_html (tags removed, entities decoded, nbsp → space), as used for sfld and csum. */
export function stripAnkiHtml(html: string): string {
  const text = html.replace(HTML_TAGS, "");
  if (!text.includes("&")) return text;
  return text
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#")) {
        const code =
          name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\u00a0/g, " ");
}

/** Anki's note checksum: the first 8 hex digits of the sha1 of the stripped first field. */
export function ankiFieldChecksum(firstFieldHtml: string): number {
  const digest = createHash("sha1").update(stripAnkiHtml(firstFieldHtml), "utf8").digest();
  return digest.readUInt32BE(0);
}

const BASE91 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~";

/** A note guid in Anki's style (base91 of a 64-bit number), taken from a hash of `seed`. */
function guidFor(seed: string): string {
  let n = createHash("sha256").update(seed, "utf8").digest().readBigUInt64BE(0);
  if (n === 0n) n = 1n;
  let out = "";
  while (n > 0n) {
    out = BASE91[Number(n % 91n)] + out;
    n /= 91n;
  }
  return out;
}

function deckJson(id: number, name: string, modSecs: number, usn: number) {
  return {
    id,
    name,
    mod: modSecs,
    usn,
    desc: "",
    dyn: 0,
    conf: DEFAULT_DECK_CONF_ID,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

function deckConfJson(modSecs: number) {
  return {
    id: DEFAULT_DECK_CONF_ID,
    name: "Default",
    mod: modSecs,
    usn: 0,
    dyn: false,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    new: {
      bury: false,
      delays: [1, 10],
      initialFactor: 2500,
      ints: [1, 4, 0],
      order: 1,
      perDay: 20,
      separate: true,
    },
    rev: {
      bury: false,
      ease4: 1.3,
      ivlFct: 1,
      maxIvl: 36500,
      perDay: 200,
      hardFactor: 1.2,
      fuzz: 0.05,
      minSpace: 1,
    },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  };
}

function noteTypeJson(deckId: number, modSecs: number) {
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: "Arial",
    size: 20,
    media: [],
  });
  return {
    id: ANKI_NOTE_TYPE_ID,
    name: ANKI_NOTE_TYPE_NAME,
    type: 0,
    mod: modSecs,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [
      {
        name: "Card 1",
        ord: 0,
        qfmt: QUESTION_TEMPLATE,
        afmt: ANSWER_TEMPLATE,
        bqfmt: "",
        bafmt: "",
        did: null,
      },
    ],
    flds: [field("Front", 0), field("Back", 1), field("Source", 2)],
    css: CARD_CSS,
    latexPre:
      "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n" +
      "\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
    latexPost: "\\end{document}",
    latexsvg: false,
    req: [[0, "all", [0]]],
    tags: [],
    vers: [],
  };
}

function cleanDeckName(name: string): string {
  const cleaned = name.replace(CONTROL_CHARS, " ").replace(/\s+/g, " ").trim();
  return cleaned || "BeanNote";
}

/** An Anki package (.apkg) holding one deck named `deckName` with a "BeanNote Basic" note type (fields Front, Back, Source; one card per note, Front → Back + Source). */
export async function buildAnkiPackage(input: {
  deckName: string;
  cards: AnkiCard[];
  now?: Date;
}): Promise<Buffer> {
  const SQL = await loadSqlJs();
  const now = input.now ?? new Date();
  const nowMs = Math.floor(now.getTime());
  if (!Number.isFinite(nowMs)) throw new Error("buildAnkiPackage: invalid `now`");
  const nowSecs = Math.floor(nowMs / 1000);
  const deckName = cleanDeckName(input.deckName);
  const deckId = nowMs;
  const cards = input.cards;

  const conf = {
    activeDecks: [deckId],
    curDeck: deckId,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    curModel: String(ANKI_NOTE_TYPE_ID),
    nextPos: cards.length + 1,
    sortType: "noteFld",
    sortBackwards: false,
    addToCur: true,
  };
  const models = { [ANKI_NOTE_TYPE_ID]: noteTypeJson(deckId, nowSecs) };
  const decks = {
    [DEFAULT_DECK_ID]: deckJson(DEFAULT_DECK_ID, "Default", nowSecs, 0),
    [deckId]: deckJson(deckId, deckName, nowSecs, -1),
  };
  const dconf = { [DEFAULT_DECK_CONF_ID]: deckConfJson(nowSecs) };

  let db: Database | undefined;
  let collection: Uint8Array;
  try {
    db = new SQL.Database();
    db.run(SCHEMA_11);
    db.run("insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
      Math.floor(nowSecs / 86_400) * 86_400,
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify(models),
      JSON.stringify(decks),
      JSON.stringify(dconf),
    ]);

    db.run("begin");
    const insertNote = db.prepare("insert into notes values (?, ?, ?, ?, -1, '', ?, ?, ?, 0, '')");
    const insertCard = db.prepare(
      "insert into cards values (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')",
    );
    try {
      const seen = new Map<string, number>();
      cards.forEach((card, i) => {
        const front = textToAnkiHtml(card.front);
        const back = textToAnkiHtml(card.back);
        const source = textToAnkiHtml(card.source);
        // Same content → same guid across exports, so re-importing updates instead of duplicating;
        // repeated identical cards within one package still get distinct guids.
        const content = [deckName, front, back, source].join(FIELD_SEPARATOR);
        const occurrence = seen.get(content) ?? 0;
        seen.set(content, occurrence + 1);
        const guid = guidFor(`beannote${FIELD_SEPARATOR}${content}${FIELD_SEPARATOR}${occurrence}`);

        const id = nowMs + i;
        const sortField = stripAnkiHtml(front);
        insertNote.run([
          id,
          guid,
          ANKI_NOTE_TYPE_ID,
          nowSecs,
          [front, back, source].join(FIELD_SEPARATOR),
          sortField,
          ankiFieldChecksum(front),
        ]);
        insertCard.run([id, id, deckId, nowSecs, i + 1]);
      });
    } finally {
      insertNote.free();
      insertCard.free();
    }
    db.run("commit");
    collection = db.export();
  } finally {
    db?.close();
  }

  const zip = new JSZip();
  zip.file("collection.anki2", collection, { date: now, binary: true });
  zip.file("media", "{}", { date: now });
  return zip.generateAsync({
    type: "nodebuffer",
    compression: "DEFLATE",
    compressionOptions: { level: 6 },
  });
}
