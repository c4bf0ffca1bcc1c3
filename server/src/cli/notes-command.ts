import path from "node:path";
import {
  DETAIL_LEVELS,
  OUTPUT_LANGUAGES,
  type DetailLevel,
  type OutputLanguage,
  type SourceDocument,
} from "@beannote/contract";
import { createOfflineEngine, type Engine } from "../engine";

const USAGE = `usage: npm run cli -- notes <file>… [--lang ${OUTPUT_LANGUAGES.join("|")}] [--detail simple|detail] [--title <title>]`;

/** What the notes command needs: a parser, and optionally an engine (offline by default) and outputs. */
export interface NotesCommandDeps {
  parse(filePath: string): Promise<SourceDocument>;
  engine?: Engine;
  out?: (s: string) => void;
  err?: (s: string) => void;
}

/** `notes <file>… --lang zh-CN --detail simple|detail [--title t]`: prints the note's Markdown; returns the exit code. */
export async function runNotesCommand(argv: string[], deps: NotesCommandDeps): Promise<number> {
  const out = deps.out ?? ((s: string) => void process.stdout.write(s));
  const err = deps.err ?? ((s: string) => void process.stderr.write(s));
  const files: string[] = [];
  let lang: string = "en-US";
  let detail: string = "detail";
  let title: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => argv[++i];
    if (a === "--lang") lang = value() ?? "";
    else if (a === "--detail") detail = value() ?? "";
    else if (a === "--title") title = value();
    else if (a.startsWith("--lang=")) lang = a.slice(7);
    else if (a.startsWith("--detail=")) detail = a.slice(9);
    else if (a.startsWith("--title=")) title = a.slice(8);
    else if (a.startsWith("--")) {
      err(`unknown option ${a}\n${USAGE}\n`);
      return 2;
    } else files.push(a);
  }
  if (
    files.length === 0 ||
    !(OUTPUT_LANGUAGES as readonly string[]).includes(lang) ||
    !(DETAIL_LEVELS as readonly string[]).includes(detail)
  ) {
    err(`${USAGE}\n`);
    return 2;
  }
  const sources: { doc: SourceDocument; fileName: string }[] = [];
  for (const f of files) {
    try {
      sources.push({ doc: await deps.parse(path.resolve(f)), fileName: path.basename(f) });
    } catch (e) {
      err(`${path.basename(f)}: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
  }
  const engine = deps.engine ?? createOfflineEngine();
  const note = await engine.generateNote({
    sources,
    title: title?.trim() || sources[0]!.doc.title || sources[0]!.fileName,
    outputLanguage: lang as OutputLanguage,
    detailLevel: detail as DetailLevel,
  });
  out(note.markdown);
  return 0;
}
