import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import JSZip from "jszip";
import initSqlJs from "sql.js";
import type { Database, SqlValue } from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANKI_NOTE_TYPE_ID,
  ANKI_NOTE_TYPE_NAME,
  ankiFieldChecksum,
  buildAnkiPackage,
  stripAnkiHtml,
  textToAnkiHtml,
  type AnkiCard,
} from "./anki-package.js";

const requireHere = createRequire(import.meta.url);
const NOW = new Date("2025-03-14T09:26:53.589Z");

const CARDS: AnkiCard[] = [
  {
    front: "What is photosynthesis?",
    back: "Light → chemical energy\nin chloroplasts",
    source: "bio.pdf p. 12",
  },
  { front: "中文 <b>粗体</b> & 更多", back: "答案 🌱 <i>斜体</i>", source: "" },
  { front: "Что такое энтропия?", back: "Мера беспорядка системы", source: "физика.docx" },
];

async function openPackage(buffer: Buffer): Promise<{ zip: JSZip; db: Database }> {
  const zip = await JSZip.loadAsync(buffer);
  const collection = await zip.file("collection.anki2")?.async("uint8array");
  if (!collection) throw new Error("collection.anki2 missing");
  const SQL = await initSqlJs({ locateFile: () => requireHere.resolve("sql.js/dist/sql-wasm.wasm") });
  return { zip, db: new SQL.Database(collection) };
}

function rows(db: Database, sql: string): Record<string, SqlValue>[] {
  const [result] = db.exec(sql);
  if (!result) return [];
  return result.values.map((values) =>
    Object.fromEntries(result.columns.map((c, i) => [c, values[i] ?? null])),
  );
}

function sha1Checksum(text: string): number {
  return parseInt(createHash("sha1").update(text, "utf8").digest("hex").slice(0, 8), 16);
}

describe("buildAnkiPackage", () => {
  let buffer: Buffer;
  let zip: JSZip;
  let db: Database;

  beforeAll(async () => {
    buffer = await buildAnkiPackage({ deckName: "Biology 101 · 生物", cards: CARDS, now: NOW });
    ({ zip, db } = await openPackage(buffer));
  });
  afterAll(() => db?.close());

  it("is a zip holding collection.anki2 and a media file with {}", async () => {
    expect(buffer.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(Object.keys(zip.files).sort()).toEqual(["collection.anki2", "media"]);
    expect(await zip.file("media")?.async("string")).toBe("{}");
  });

  it("has Anki's schema 11 tables and indexes", () => {
    const names = rows(db, "select type, name from sqlite_master where name not like 'sqlite_%'");
    const tables = names.filter((r) => r.type === "table").map((r) => r.name);
    const indexes = names.filter((r) => r.type === "index").map((r) => r.name);
    expect(tables.sort()).toEqual(["cards", "col", "graves", "notes", "revlog"]);
    expect(indexes.sort()).toEqual([
      "ix_cards_nid",
      "ix_cards_sched",
      "ix_cards_usn",
      "ix_notes_csum",
      "ix_notes_usn",
      "ix_revlog_cid",
      "ix_revlog_usn",
    ]);
    expect(rows(db, "select count(*) as n from revlog")[0]?.n).toBe(0);
    expect(rows(db, "select count(*) as n from graves")[0]?.n).toBe(0);
  });

  it("has a col row with the note type, the deck and its options", () => {
    const col = rows(db, "select * from col");
    expect(col).toHaveLength(1);
    const row = col[0]!;
    expect(row.ver).toBe(11);
    expect(row.mod).toBe(NOW.getTime());
    expect(JSON.parse(String(row.tags))).toEqual({});
    const conf = JSON.parse(String(row.conf));
    expect(conf.curModel).toBe(String(ANKI_NOTE_TYPE_ID));

    const models = JSON.parse(String(row.models));
    const model = models[String(ANKI_NOTE_TYPE_ID)];
    expect(model.name).toBe(ANKI_NOTE_TYPE_NAME);
    expect(model.type).toBe(0);
    expect(model.flds.map((f: { name: string }) => f.name)).toEqual(["Front", "Back", "Source"]);
    expect(model.tmpls).toHaveLength(1);
    expect(model.tmpls[0].qfmt).toBe("{{Front}}");
    expect(model.tmpls[0].afmt).toContain("{{Back}}");
    expect(model.tmpls[0].afmt).toContain("{{Source}}");

    const decks = Object.values(JSON.parse(String(row.decks))) as {
      id: number;
      name: string;
      conf: number;
    }[];
    expect(decks.map((d) => d.name).sort()).toEqual(["Biology 101 · 生物", "Default"]);
    const deck = decks.find((d) => d.name === "Biology 101 · 生物")!;
    const dconf = JSON.parse(String(row.dconf));
    expect(dconf[String(deck.conf)]).toBeDefined();
  });

  it("writes one note per card with escaped HTML fields", () => {
    const notes = rows(db, "select * from notes order by id");
    expect(notes).toHaveLength(3);
    expect(notes.map((n) => n.flds)).toEqual([
      "What is photosynthesis?\x1fLight → chemical energy<br>in chloroplasts\x1fbio.pdf p. 12",
      "中文 &lt;b&gt;粗体&lt;/b&gt; &amp; 更多\x1f答案 🌱 &lt;i&gt;斜体&lt;/i&gt;\x1f",
      "Что такое энтропия?\x1fМера беспорядка системы\x1fфизика.docx",
    ]);
    for (const note of notes) {
      expect(note.mid).toBe(ANKI_NOTE_TYPE_ID);
      expect(note.usn).toBe(-1);
      expect(note.tags).toBe("");
      expect(typeof note.guid).toBe("string");
    }
    expect(new Set(notes.map((n) => n.guid)).size).toBe(3);
    expect(notes.map((n) => n.sfld)).toEqual(CARDS.map((c) => c.front));
    // csum: first 8 hex digits of sha1 of the stripped first field, as an integer
    expect(notes[1]?.csum).toBe(sha1Checksum("中文 <b>粗体</b> & 更多"));
    expect(notes[0]?.csum).toBe(sha1Checksum("What is photosynthesis?"));
  });

  it("writes one new card per note, in order, in the deck", () => {
    const decks = JSON.parse(String(rows(db, "select decks from col")[0]?.decks));
    const deckId = Object.values(decks as Record<string, { id: number; name: string }>).find(
      (d) => d.name !== "Default",
    )?.id;
    const cards = rows(db, "select * from cards order by due");
    const noteIds = rows(db, "select id from notes order by id").map((n) => n.id);
    expect(cards).toHaveLength(3);
    expect(cards.map((c) => c.nid)).toEqual(noteIds);
    expect(cards.map((c) => c.due)).toEqual([1, 2, 3]);
    for (const card of cards) {
      expect(card).toMatchObject({
        did: deckId,
        ord: 0,
        usn: -1,
        type: 0,
        queue: 0,
        ivl: 0,
        factor: 0,
        reps: 0,
      });
    }
  });

  it("is deterministic for the same input and now", async () => {
    const again = await buildAnkiPackage({ deckName: "Biology 101 · 生物", cards: CARDS, now: NOW });
    expect(again.equals(buffer)).toBe(true);
  });

  it("builds 2,000 cards quickly", async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      front: `Question ${i}: 什么是 ${i}?`,
      back: `Answer ${i}\nline two & <more>`,
      source: `notes.pdf p. ${i % 300}`,
    }));
    const started = performance.now();
    const apkg = await buildAnkiPackage({ deckName: "Big deck", cards: many, now: NOW });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(3000); // typically ~100 ms; generous for slow CI
    const { db: big } = await openPackage(apkg);
    try {
      expect(rows(big, "select count(*) as n from notes")[0]?.n).toBe(2000);
      expect(rows(big, "select count(*) as n from cards where type = 0 and queue = 0")[0]?.n).toBe(2000);
      expect(rows(big, "select count(distinct guid) as n from notes")[0]?.n).toBe(2000);
    } finally {
      big.close();
    }
  });
});

describe("field helpers", () => {
  it("escapes &, <, > and turns newlines into <br>", () => {
    expect(textToAnkiHtml("a & b <c>\r\nd\ne")).toBe("a &amp; b &lt;c&gt;<br>d<br>e");
    expect(textToAnkiHtml("tab\tok\x1fgone")).toBe("tab\tokgone");
  });

  it("strips HTML the way Anki does for sfld and csum", () => {
    expect(stripAnkiHtml("a<br>b &lt;c&gt; &amp;&nbsp;d &#20013;")).toBe("ab <c> & d 中");
    expect(ankiFieldChecksum("x<b>y</b>")).toBe(sha1Checksum("xy"));
  });
});
