CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "effects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "effects_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "price_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_schedule_key_from" UNIQUE("key","effective_from")
);
--> statement-breakpoint
CREATE TABLE "sample_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"template_type" text NOT NULL,
	"paper_size" text NOT NULL,
	"design" jsonb NOT NULL,
	"front_thumbnail_key" text,
	"back_thumbnail_key" text,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"builtin_key" text,
	"source_project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sample_templates_builtin_key_unique" UNIQUE("builtin_key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "project_defaults" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "family" text;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "subfamily" text;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "glyph_count" integer;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "size_bytes" integer;--> statement-breakpoint
ALTER TABLE "fonts" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_templates" ADD CONSTRAINT "sample_templates_source_project_id_projects_id_fk" FOREIGN KEY ("source_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_area_at_idx" ON "admin_audit" USING btree ("area","at");--> statement-breakpoint
CREATE INDEX "sample_templates_published_idx" ON "sample_templates" USING btree ("published","position");--> statement-breakpoint
ALTER TABLE "fonts" ADD CONSTRAINT "fonts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Per-piece prices move to a dated schedule (issue 11 admin pricing); the old prices start it.
INSERT INTO "price_schedule" ("key", "amount_cents", "effective_from") SELECT "key", "amount_cents", DATE '2026-01-01' FROM "prices" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "price_schedule" ("key", "amount_cents", "effective_from") VALUES ('print_piece', 45, DATE '2026-01-01') ON CONFLICT DO NOTHING;
