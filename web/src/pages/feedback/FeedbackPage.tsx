import { FeedbackForm } from "../../features/feedback/FeedbackForm";

/** Feedback (`/subOthers/pages/feedback`). */
export function FeedbackPage() {
  return (
    <div className="page-stack narrow-page">
      <FeedbackForm />
    </div>
  );
}
