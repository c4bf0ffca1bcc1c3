import { lazy, type ComponentType } from "react";
import type { CustomTypeOptions } from "i18next";
import type { NoteDetail } from "@beannote/contract";
import { NoteTab } from "../../features/notes/NoteTab";
import { FlashcardsTab } from "../../features/flashcards/FlashcardsTab";
import { QuizTab } from "../../features/quiz/QuizTab";
import { PodcastTab } from "../../features/podcast/PodcastTab";
import { AskTab } from "../../features/ask/AskTab";

/** A tab's key: its `?tab=` value; its label is the locale key `note.tabs.<key>`. */
export type NoteTabKey = keyof CustomTypeOptions["resources"]["translation"]["note"]["tabs"];

/** One tab of the note page: the note itself, an artefact kind, or Ask. */
export interface NoteTabEntry {
  key: NoteTabKey;
  /** What the tab shows, given the note. */
  Component: ComponentType<{ note: NoteDetail }>;
  /** Loaded only when the tab is opened (shown with a loader until it is). */
  lazy?: boolean;
}

/**
 * The note page's tabs, in their order (spec §1's six and Ask). A new artefact kind is its web folder and
 * one entry here (and its `note.tabs.<key>` label in the locales).
 */
export const NOTE_TABS: readonly NoteTabEntry[] = [
  { key: "note", Component: NoteTab },
  { key: "flashcards", Component: FlashcardsTab },
  { key: "quiz", Component: QuizTab },
  // markmap (d3) and the slide viewer load only when their tab is opened
  {
    key: "mindMap",
    Component: lazy(() =>
      import("../../features/mind-map/MindMapTab").then((m) => ({ default: m.MindMapTab })),
    ),
    lazy: true,
  },
  { key: "podcast", Component: PodcastTab },
  {
    key: "slides",
    Component: lazy(() => import("../../features/slides/SlidesTab").then((m) => ({ default: m.SlidesTab }))),
    lazy: true,
  },
  { key: "ask", Component: AskTab },
];
