import { protectFormulas } from "../formula";
import type { PodcastLength } from "@beannote/contract";
import { isCleanAnswer, isWholeSentence } from "../flashcards/card-rules";
import type { MaterialSection, NoteMaterial } from "../note-material";
import { podcastLabelsFor, type PodcastLabels } from "../study-labels";
import { findWord, hasCjk } from "../text";
import {
  alternate,
  assembleScript,
  planChapters,
  spokenLength,
  type ChapterPlan,
  type PodcastScript,
  type ScriptChapter,
  type ScriptLine,
} from "./script";

/** Something worth saying from a section, in the note's own words. */
type Talking =
  | { kind: "definition"; term: string; text: string }
  | { kind: "number"; text: string }
  | { kind: "term"; term: string; text: string }
  | { kind: "point"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; label: string; cells: [string, string][] };

type Item = Talking & { sectionIndex: number; heading: string; order: number; quote: string };

const PRIORITY: Record<Talking["kind"], number> = {
  definition: 0,
  number: 1,
  term: 2,
  list: 3,
  table: 4,
  point: 5,
};

/** Author-year citations, references to sections, tables and equations, and identifiers like T1 or L2. */
const NOT_A_FIGURE =
  /\([^()]*\b\d{4}[a-z]?\)|\b(?:section|table|figure|fig\.|eq\.|equation|chapter|§)\s*\(?[\d.]+\)?|[\p{L}_]\p{Nd}+|\p{Nd}+[\p{Ll}_]|[第表图式]\s*\p{Nd}+/giu;
/** A sentence that states a figure worth remembering (not only a year of a citation or a label). */
const statesFigure = (text: string) => /\p{Nd}/u.test(text.replace(NOT_A_FIGURE, " "));

/** A caption, or a run of table headers or formula symbols that reads badly aloud. */
function unspeakable(text: string): boolean {
  if (/^(?:table|figure|fig\.|algorithm|表|图|圖)\s*\p{Nd}/iu.test(text)) return true;
  // a formula is said in words (speech/speech-text.ts): it counts as one word here, not as its LaTeX's symbols
  const prose = protectFormulas(text).text;
  const chars = [...prose];
  const symbols = chars.filter(
    (c) => !/[\p{L}\p{N}\p{Co}\s.,;:!?'"()“”‘’«»„「」《》、。，；：！？（）\-–—%]/u.test(c),
  ).length;
  if (symbols / chars.length > 0.08) return true;
  if (hasCjk(prose)) return false;
  // a run of Capitalised Labels has few lower-case words; Korean, Thai or Arabic words have no case at all
  return prose.split(/\s+/).filter((w) => /^[\p{Ll}\p{Lo}]/u.test(w)).length < 3;
}

/** A term worth asking about: long enough, not a stopword-like fragment. */
const askable = (term: string) => {
  const n = [...term].length;
  return n <= 40 && (hasCjk(term) ? n >= 3 : n >= 4);
};

/** The things a section says, in note order: definitions, numbers, key terms, lists, table rows, points. */
function sectionItems(section: MaterialSection, material: NoteMaterial, start: number): Item[] {
  const items: Item[] = [];
  const base = { sectionIndex: section.index, heading: section.heading };
  const keyTerms = material.keyTerms;
  const push = (talking: Talking, quote: string) =>
    items.push({ ...talking, ...base, order: start + items.length, quote } as Item);

  const sentence = (raw: string, terms: string[], whole: boolean, definition: boolean) => {
    const text = raw.replace(/^(?:[•·▪‣◦●○■□◆▶►]\s*|-\s+)/u, "");
    if (!isWholeSentence(text, whole) || spokenLength(text) > 420 || unspeakable(text)) return;
    const term = [...terms, ...keyTerms.filter((t) => findWord(text, t) >= 0)].find(askable);
    if (definition && term) push({ kind: "definition", term, text }, text);
    else if (statesFigure(text)) push({ kind: "number", text }, text);
    else if (term) push({ kind: "term", term, text }, text);
    else push({ kind: "point", text }, text);
  };

  for (const block of section.blocks) {
    if (block.type === "paragraph" || block.type === "definition") {
      for (const s of block.sentences)
        sentence(s.text, s.terms, block.sentences.length === 1, block.type === "definition");
    } else if (block.type === "list") {
      const usable = block.items.filter((i) => isCleanAnswer(i.text) && spokenLength(i.text) <= 160);
      if (usable.length >= 2 && usable.length === block.items.length) {
        const shown = usable.slice(0, 5).map((i) => i.text);
        push({ kind: "list", items: shown }, shown.join(" "));
      } else for (const i of block.items) sentence(i.text, i.terms, true, false);
    } else if (block.type === "table") {
      const [head, ...body] = block.rows;
      if (!head || head.length < 2) continue;
      for (const row of body.slice(0, 3)) {
        const label = row[0]?.trim() ?? "";
        if (!label || [...label].length > 40) continue;
        const cells = row
          .slice(1, 4)
          .map((value, i): [string, string] => [head[i + 1]?.trim() ?? "", value.trim()])
          .filter(([c, v]) => c && isCleanAnswer(v) && spokenLength(v) <= 120);
        if (cells.length)
          push({ kind: "table", label, cells }, `${label} ${cells.map((c) => c[1]).join(" ")}`);
      }
    }
  }
  return items;
}

const cost = (item: Item): number => {
  switch (item.kind) {
    case "list":
      return spokenLength(item.items.join(" ")) + 60;
    case "table":
      return spokenLength(item.label + item.cells.flat().join(" ")) + 60;
    default:
      return spokenLength(item.text) + 50;
  }
};

/** The items of a chapter that fit its budget, best kinds first, then put back in note order. */
function pickItems(plan: ChapterPlan, material: NoteMaterial): Item[] {
  let order = 0;
  const all = plan.sections.flatMap((s) => {
    const items = sectionItems(s, material, order);
    order += items.length;
    return items;
  });
  const ranked = [...all].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || a.order - b.order);
  const picked: Item[] = [];
  let used = 0;
  // every section of the chapter gets its best item first, so none is skipped in silence
  for (const section of plan.sections) {
    const best = ranked.find((i) => i.sectionIndex === section.index);
    if (best && (picked.length === 0 || used + cost(best) <= plan.budget * 1.3)) {
      picked.push(best);
      used += cost(best);
    }
  }
  for (const item of ranked) {
    if (picked.includes(item)) continue;
    if (used + cost(item) > plan.budget) continue;
    picked.push(item);
    used += cost(item);
  }
  return picked.sort((a, b) => a.order - b.order);
}

/** What the host says of an item; `asked` when the guest's question comes just before. */
function hostSays(item: Item, labels: PodcastLabels, asked: boolean): string {
  switch (item.kind) {
    case "definition":
      return asked ? labels.definitionLead(finish(item.text)) : finish(item.text);
    case "number":
      return asked ? labels.numberLead(finish(item.text)) : finish(item.text);
    case "list":
      return labels.listLead(item.items);
    case "table":
      return labels.tableRow(item.label, item.cells);
    default:
      return finish(item.text);
  }
}

/** The guest's question that leads to an item (figures are asked for once a chapter, a term once). */
function guestAsks(item: Item, labels: PodcastLabels, turn: number, asked: Set<string>): string {
  const pick = <T>(list: T[]) => list[turn % list.length]!;
  const once = (key: string) => !asked.has(key) && Boolean(asked.add(key));
  switch (item.kind) {
    case "definition":
      return pick(labels.askDefinition)(item.term);
    case "number":
      return once("#numbers") ? labels.askNumbers : pick(labels.askMore)(item.heading);
    case "term":
      return once(item.term) ? labels.askTerm(item.term) : pick(labels.askMore)(item.heading);
    case "list":
      return labels.askList;
    case "table":
      return labels.askTable(item.label);
    default:
      return pick(labels.askMore)(item.heading);
  }
}

const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const space = (a: string, b: string) =>
  CJK_END.test(a.slice(-1)) || CJK_END.test(b.slice(0, 1)) ? `${a}${b}` : `${a} ${b}`;

/** A line ends like a sentence, so that it is read with a falling tone and a pause. */
function finish(text: string): string {
  const t = text.trim();
  if (/[.!?。！？…"”»」』)）]$/u.test(t)) return t;
  return `${t}${hasCjk(t) ? "。" : "."}`;
}

/** One chapter as a conversation: the host opens it, the guest asks for each next item, then recaps. */
export function offlineChapter(
  plan: ChapterPlan,
  material: NoteMaterial,
  position: { index: number; count: number },
): ScriptChapter {
  const labels = podcastLabelsFor(material.outputLanguage);
  const items = pickItems(plan, material);
  const first = plan.sections[0]!;
  // a chapter of several small sections opens with the first; the guest asks for the next ones by name
  const opened = plan.heads[0] ?? plan.title;
  const named = plan.heads.length > 3 ? `${labels.list(plan.heads.slice(0, 3))} …` : labels.list(plan.heads);
  const enter =
    position.index === 0
      ? labels.enterFirst(opened)
      : position.index === position.count - 1
        ? labels.enterLast(opened)
        : labels.enterNext[position.index % labels.enterNext.length]!(opened);
  const lines: ScriptLine[] = [];
  const say = (speaker: ScriptLine["speaker"], text: string, sectionIndex: number, quote: string) =>
    lines.push({ speaker, text, sectionIndex, quote });

  if (items.length === 0) {
    say("host", enter, first.index, plan.title);
    say("guest", labels.recapPlain(named), first.index, plan.title);
    return { kind: "section", title: plan.title, sectionIndexes: plan.sections.map((s) => s.index), lines };
  }
  const asked = new Set<string>();
  items.forEach((item, i) => {
    if (i === 0) {
      say("host", space(enter, hostSays(item, labels, false)), item.sectionIndex, item.quote);
      return;
    }
    const turn = position.index + i;
    const reaction = i % 2 === 0 ? `${labels.reactions[turn % labels.reactions.length]!}` : "";
    const question = guestAsks(item, labels, turn, asked);
    say("guest", reaction ? space(reaction, question) : question, item.sectionIndex, item.quote);
    // "Yes." answers the question about figures, the note's wording answers "what is X"
    const lead = item.kind === "definition" || question === labels.askNumbers;
    say("host", hostSays(item, labels, lead), item.sectionIndex, item.quote);
  });
  const terms = [
    ...new Set(items.flatMap((i) => (i.kind === "definition" || i.kind === "term" ? [i.term] : []))),
  ].slice(0, 3);
  say(
    "guest",
    terms.length ? labels.recapTerms(named, labels.list(terms)) : labels.recapPlain(named),
    first.index,
    terms.length ? terms.join(" ") : plan.title,
  );
  return {
    kind: "section",
    title: plan.title,
    sectionIndexes: plan.sections.map((s) => s.index),
    lines: alternate(lines),
  };
}

/** A podcast script drawn from the note alone: templated talk around its definitions, numbers and points. */
export function offlinePodcastScript(material: NoteMaterial, length: PodcastLength): PodcastScript {
  const plans = planChapters(material, length);
  const chapters = plans.map((plan, index) => offlineChapter(plan, material, { index, count: plans.length }));
  return assembleScript(material, plans, chapters);
}
