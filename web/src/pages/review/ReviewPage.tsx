import { DueReview } from "../../features/flashcards/DueReview";

/** Review (`/subNote/pages/review`): the flashcards due across all notes, one after another. */
export function ReviewPage() {
  return (
    <div className="page-stack">
      <DueReview />
    </div>
  );
}
