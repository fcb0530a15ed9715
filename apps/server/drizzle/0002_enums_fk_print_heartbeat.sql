CREATE TYPE "public"."paper_size" AS ENUM('8.5x11', '6x9', '11x17', '12x18', 'A4', 'A3', 'A2');--> statement-breakpoint
CREATE TYPE "public"."permit_type" AS ENUM('product', 'custom', 'none');--> statement-breakpoint
CREATE TYPE "public"."print_job_status" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "public"."sides" AS ENUM('single', 'double');--> statement-breakpoint
CREATE TYPE "public"."template_type" AS ENUM('self_mailer', 'postcard');--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "template_type" SET DATA TYPE "public"."template_type" USING "template_type"::"public"."template_type";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "paper_size" SET DATA TYPE "public"."paper_size" USING "paper_size"::"public"."paper_size";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "sides" SET DATA TYPE "public"."sides" USING "sides"::"public"."sides";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "permit_type" SET DATA TYPE "public"."permit_type" USING "permit_type"::"public"."permit_type";--> statement-breakpoint
ALTER TABLE "print_jobs" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "print_jobs" ALTER COLUMN "status" SET DATA TYPE "public"."print_job_status" USING "status"::"public"."print_job_status";--> statement-breakpoint
ALTER TABLE "print_jobs" ALTER COLUMN "status" SET DEFAULT 'queued'::"public"."print_job_status";--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
-- Hand-added: a list_id left pointing at a deleted list would refuse the new foreign key.
UPDATE "projects" SET "list_id" = NULL WHERE "list_id" IS NOT NULL AND "list_id" NOT IN (SELECT "id" FROM "mailing_lists");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE set null ON UPDATE no action;