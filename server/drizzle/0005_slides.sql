CREATE TABLE "slides" (
	"id" text PRIMARY KEY NOT NULL,
	"note_id" text NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"bullets" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"slide_table" jsonb,
	"cite_source" integer,
	"cite_page" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slides_note_id_idx" ON "slides" USING btree ("note_id","position");--> statement-breakpoint
CREATE INDEX "slides_user_id_idx" ON "slides" USING btree ("user_id");