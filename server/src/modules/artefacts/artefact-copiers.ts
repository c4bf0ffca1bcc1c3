import type { ArtefactCopier } from "../notes/study-notes";
import { kindCopiers } from "./artefact-kinds";

/** What a copy of a note takes along: each kind's copy (see `ArtefactKind.copy`), in the list's order. */
export const artefactCopiers: ArtefactCopier[] = kindCopiers();
