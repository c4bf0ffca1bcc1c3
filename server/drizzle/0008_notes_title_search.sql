-- Trigram matching for title search (ILIKE '%keyword%'). pg_trgm ships with PostgreSQL (contrib) and is a trusted
-- extension: the database owner may create it. PGlite loads it in openDatabase.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "notes_title_trgm_idx" ON "notes" USING gin ("title" gin_trgm_ops);
