CREATE TABLE "student_verifications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"image_key" text NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"suggestion" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feedback_images" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"feedback_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD COLUMN "note_id" text;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD COLUMN "note_title" text;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD COLUMN "refund_of" integer;--> statement-breakpoint
ALTER TABLE "student_verifications" ADD CONSTRAINT "student_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD CONSTRAINT "feedback_images_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_verifications_status_idx" ON "student_verifications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "feedback_user_id_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_images_user_id_idx" ON "feedback_images" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_images_feedback_id_idx" ON "feedback_images" USING btree ("feedback_id");--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD CONSTRAINT "bean_ledger_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD CONSTRAINT "bean_ledger_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bean_ledger" ADD CONSTRAINT "bean_ledger_refund_of_bean_ledger_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."bean_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bean_ledger_note_id_idx" ON "bean_ledger" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "bean_ledger_job_id_idx" ON "bean_ledger" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bean_ledger_refund_of_unique" ON "bean_ledger" USING btree ("refund_of");