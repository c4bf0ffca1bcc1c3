import type { JobDefinition } from "../../jobs/definition";
import type { NoteObjectReleaser } from "../files/note-release";
import type { ArtefactCopier } from "../notes/study-notes";
import { flashcardsKind } from "../flashcards/flashcards.kind";
import { mindMapKind } from "../mind-map/mind-map.kind";
import { podcastKind } from "../podcast/podcast.kind";
import { quizKind } from "../quiz/quiz.kind";
import { slidesKind } from "../slides/slides.kind";
import { translateKind } from "../translate/translate.kind";
import type { ArtefactApiDeps, ArtefactKind, ArtefactWorkerDeps } from "./artefact-kind";

/**
 * Every artefact kind, once. The API registers their routes, the worker runs their jobs, a copy of a note takes
 * their copies along and a deleted note releases their objects, all from this list (through the functions
 * below, which the composition root calls); add a kind here.
 *
 * A seventh kind `<kind>` (see seventh-kind.test.ts, which builds this list with one more and checks each reader
 * picks it up):
 * - adds `server/src/modules/<kind>/` with `<kind>.kind.ts`, `contract/src/<kind>.ts` (its schemas and its
 *   `defineKindContract`: paths, route summaries, error codes, price), `server/src/engine/<kind>/generator.ts`
 *   (with its offline and LLM writers, if an engine writes it), `web/src/features/<kind>/`, and, if it stores
 *   rows, `server/src/db/schema/<kind>.ts` with its migration (`npm run db:generate`: `server/drizzle/`);
 * - adds one line to: this list, `contract/src/artefact-kinds.ts`, `contract/src/index.ts` (its export),
 *   `server/src/engine/artefact-generators.ts` (if an engine writes it), `server/src/db/schema/index.ts` (if it
 *   stores rows), `web/src/pages/note/note-tabs.tsx` (its tab);
 * - adds its keys to the 14 `contract/locales/*.json` (its tab, its errors' messages, its price's label).
 */
export const artefactKinds: readonly ArtefactKind[] = [
  flashcardsKind,
  podcastKind,
  mindMapKind,
  quizKind,
  slidesKind,
  translateKind,
];

/** Each kind's routes (with its service), to register on the API. */
export const kindRoutes = (deps: ArtefactApiDeps, kinds: readonly ArtefactKind[] = artefactKinds) =>
  kinds.map((kind) => kind.routes(deps));

/** Each generated kind's job, for a worker to run. */
export const kindJobs = (
  deps: ArtefactWorkerDeps,
  kinds: readonly ArtefactKind[] = artefactKinds,
): JobDefinition[] => kinds.flatMap((kind) => (kind.job ? [kind.job.create(deps)] : []));

/** What a copy of a note takes along: each kind's copy (see `ArtefactKind.copy`), in the list's order. */
export const kindCopiers = (kinds: readonly ArtefactKind[] = artefactKinds): ArtefactCopier[] =>
  kinds.flatMap((kind) => (kind.copy ? [kind.copy] : []));

/** What a deleted note releases: each kind's storage objects (see `ArtefactKind.release`). */
export const kindReleasers = (
  deps: Parameters<NonNullable<ArtefactKind["release"]>>[0],
  kinds: readonly ArtefactKind[] = artefactKinds,
): NoteObjectReleaser[] => kinds.flatMap((kind) => (kind.release ? [kind.release(deps)] : []));
