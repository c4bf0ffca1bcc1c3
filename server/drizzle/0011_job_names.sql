-- One style for job names, `<subject>.<verb>` like `file.parse` and `storage.sweep`. Jobs of every state are
-- renamed: a queued or retried job is still claimed by its handler, and an artefact tab still finds its note's
-- latest generation (looked up by name).
UPDATE "jobs" SET "name" = CASE "name"
  WHEN 'generate-note' THEN 'note.generate'
  WHEN 'generate-flashcards' THEN 'flashcards.generate'
  WHEN 'generate-podcast' THEN 'podcast.generate'
  WHEN 'generate-quiz' THEN 'quiz.generate'
  WHEN 'generate-slides' THEN 'slides.generate'
  WHEN 'translate-note' THEN 'note.translate'
  WHEN 'mail-feedback' THEN 'feedback.mail'
  WHEN 'answer-question' THEN 'question.answer'
END
WHERE "name" IN (
  'generate-note', 'generate-flashcards', 'generate-podcast', 'generate-quiz', 'generate-slides',
  'translate-note', 'mail-feedback', 'answer-question'
);
