CREATE TABLE "geocode_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"precision" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"approximate" integer DEFAULT 0 NOT NULL,
	"error" text,
	"settings" jsonb NOT NULL,
	"run_id" uuid,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "map_routes" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"location_id" uuid,
	"latitude" double precision,
	"longitude" double precision,
	"precision" text,
	"distance" double precision,
	"duration" double precision,
	"approximate" boolean DEFAULT false NOT NULL,
	"image_key" text,
	"image_token" text,
	"settings_hash" text,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "map_routes_image_token_unique" UNIQUE("image_token")
);
--> statement-breakpoint
ALTER TABLE "map_generations" ADD CONSTRAINT "map_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_generations" ADD CONSTRAINT "map_generations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_generations" ADD CONSTRAINT "map_generations_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_routes" ADD CONSTRAINT "map_routes_record_id_mailing_list_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."mailing_list_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_routes" ADD CONSTRAINT "map_routes_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_routes" ADD CONSTRAINT "map_routes_location_id_business_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."business_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "map_generations_list_idx" ON "map_generations" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE INDEX "map_routes_list_idx" ON "map_routes" USING btree ("list_id");