ALTER TABLE "designs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "list_id" uuid;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "list_name" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "design_version" integer;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "print_jobs_project_idx" ON "print_jobs" USING btree ("project_id","created_at");