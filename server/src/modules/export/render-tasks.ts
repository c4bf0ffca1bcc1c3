import type { MindMap, OutputLanguage, SourceDocument } from "@beannote/contract";
import { buildMindMap, noteMaterial } from "../../engine";
import { nlpReady } from "../../engine/nlp";
import { primaryLanguage } from "../../engine/text";
import { exportDocument } from "./export-document";
import { noteDocx } from "./note-docx";
import { headerFooter, noteHtml } from "./note-html";
import type { PrintOptions } from "./pdf-printer";

/** A note as an export is built from it (what `exportDocument` takes), in a form a thread can be sent. */
export interface ExportInput {
  title: string;
  markdown: string;
  outputLanguage: OutputLanguage;
  updatedAt: string;
  sources: string[];
}

/** What the mind map is derived from: the note's text and its parsed sources (for citations). */
export interface MindMapInput {
  noteId: string;
  title: string;
  markdown: string;
  outputLanguage: OutputLanguage;
  sources: SourceDocument[];
}

/** The CPU-heavy work that runs in a render thread, by name: its input and what it gives back. */
export interface RenderTasks {
  docx: { input: ExportInput; output: Uint8Array };
  "pdf-page": { input: ExportInput; output: { html: string; options: PrintOptions } };
  "mind-map": { input: MindMapInput; output: MindMap };
}

export type RenderKind = keyof RenderTasks;

const exportDoc = (input: ExportInput) => exportDocument({ ...input, updatedAt: new Date(input.updatedAt) });

/** The tasks themselves, also run in the calling thread for small notes. */
export const renderTasks: {
  [K in RenderKind]: (input: RenderTasks[K]["input"]) => Promise<RenderTasks[K]["output"]>;
} = {
  async docx(input) {
    return new Uint8Array(await noteDocx(exportDoc(input)));
  },
  async "pdf-page"(input) {
    const doc = exportDoc(input);
    return { html: noteHtml(doc), options: headerFooter(doc) };
  },
  async "mind-map"(input) {
    const material = noteMaterial(input);
    await nlpReady(primaryLanguage(material.bodyLanguage));
    return buildMindMap(material, input.noteId);
  },
};
