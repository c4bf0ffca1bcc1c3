CREATE TABLE "podcast_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"podcast_id" text NOT NULL,
	"position" integer NOT NULL,
	"chapter" integer NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL,
	"cite_source" integer,
	"cite_page" integer,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcasts" (
	"id" text PRIMARY KEY NOT NULL,
	"note_id" text NOT NULL,
	"user_id" text NOT NULL,
	"length" text NOT NULL,
	"language" text NOT NULL,
	"engine" text NOT NULL,
	"voices" text NOT NULL,
	"title" text NOT NULL,
	"host_name" text NOT NULL,
	"guest_name" text NOT NULL,
	"chapters" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"audio_key" text NOT NULL,
	"audio_bytes" integer NOT NULL,
	"audio_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "podcast_lines" ADD CONSTRAINT "podcast_lines_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcasts" ADD CONSTRAINT "podcasts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "podcast_lines_podcast_id_idx" ON "podcast_lines" USING btree ("podcast_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "podcasts_note_id_idx" ON "podcasts" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "podcasts_user_id_idx" ON "podcasts" USING btree ("user_id");