-- Wrong API keys per client address, counted in one-minute windows shared by every process: see docs/requirements/print-on-demand-api.md#keys.
CREATE TABLE "api_key_failures" (
	"client" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_key_failures_window_start_idx" ON "api_key_failures" USING btree ("window_start");