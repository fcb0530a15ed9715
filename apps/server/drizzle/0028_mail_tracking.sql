CREATE TABLE "imb_serial_counters" (
	"mailer_id" text PRIMARY KEY NOT NULL,
	"next_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_pieces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"print_job_id" uuid,
	"order_id" uuid,
	"piece_number" integer NOT NULL,
	"list_id" uuid,
	"record_id" uuid,
	"record_number" integer,
	"imb" text NOT NULL,
	"barcode_id" text NOT NULL,
	"service_type_id" text NOT NULL,
	"mailer_id" text NOT NULL,
	"serial" text NOT NULL,
	"routing" text NOT NULL,
	"seq" bigint,
	"assigned" boolean NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"address" jsonb NOT NULL,
	"stage" text,
	"stage_at" timestamp with time zone,
	"in_home_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"piece_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"operation_code" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"occurred_tz" text,
	"facility_zip" text,
	"facility_city" text,
	"facility_state" text,
	"source" text NOT NULL,
	"import_id" uuid,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"filename" text,
	"status" text DEFAULT 'running' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"unmatched_samples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mailer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "imb_service_type_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "imb_barcode_id" text;--> statement-breakpoint
ALTER TABLE "permits" ADD COLUMN "mailer_id" text;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD CONSTRAINT "mail_pieces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD CONSTRAINT "mail_pieces_print_job_id_print_jobs_id_fk" FOREIGN KEY ("print_job_id") REFERENCES "public"."print_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_pieces" ADD CONSTRAINT "mail_pieces_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_piece_id_mail_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."mail_pieces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_imports" ADD CONSTRAINT "tracking_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pieces_job_piece_idx" ON "mail_pieces" USING btree ("print_job_id","piece_number");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pieces_order_idx" ON "mail_pieces" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "mail_pieces_match_idx" ON "mail_pieces" USING btree ("mailer_id","serial","created_at");--> statement-breakpoint
CREATE INDEX "mail_pieces_user_idx" ON "mail_pieces" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_dedupe_idx" ON "tracking_events" USING btree ("piece_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "tracking_events_user_idx" ON "tracking_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_imports_user_idx" ON "tracking_imports" USING btree ("user_id","created_at");