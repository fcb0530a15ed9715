CREATE TABLE "carriers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"gateway_domain" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"scan_timestamp" timestamp with time zone,
	"city" text,
	"country" text,
	"response_code" integer,
	"response_body" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_retry" timestamp with time zone,
	"error_message" text,
	"attempt_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"mailing_list_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"carrier_id" text,
	"sms_template" text,
	"email_recipients" text,
	"subject" text,
	"email_template" text,
	"endpoint_url" text,
	"secret_key" text,
	"variable_mapping" jsonb,
	"schedule_type" text DEFAULT 'immediate' NOT NULL,
	"schedule_time" text,
	"schedule_day" integer,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"send_first_scan_only" boolean DEFAULT false NOT NULL,
	"retry_count" integer DEFAULT 3 NOT NULL,
	"retry_delay" integer DEFAULT 300 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_mailing_list_id_mailing_lists_id_fk" FOREIGN KEY ("mailing_list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_notification_idx" ON "notification_deliveries" USING btree ("notification_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_dedupe_idx" ON "notification_deliveries" USING btree ("notification_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("mailing_list_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id");--> statement-breakpoint
-- Email-to-SMS gateways (spec 001 §3 Carrier). Started from the `email-to-phone` npm package's list
-- (Apache-2.0) and checked against the carriers' own support pages. Gateways a carrier has shut down
-- are kept with retired = true so old notifications still name them: AT&T ended txt.att.net on
-- 2025-06-17; Sprint and Virgin Mobile USA were folded into T-Mobile; Republic Wireless closed in 2023.
INSERT INTO "carriers" ("id", "name", "country", "gateway_domain", "retired", "notes") VALUES
  ('verizon', 'Verizon', 'US', 'vtext.com', false, NULL),
  ('tmobile', 'T-Mobile', 'US', 'tmomail.net', false, NULL),
  ('att', 'AT&T', 'US', 'txt.att.net', true, 'AT&T ended email-to-text on 2025-06-17'),
  ('uscellular', 'UScellular', 'US', 'email.uscc.net', false, NULL),
  ('boost', 'Boost Mobile', 'US', 'sms.myboostmobile.com', false, NULL),
  ('cricket', 'Cricket Wireless', 'US', 'sms.cricketwireless.net', false, NULL),
  ('metro', 'Metro by T-Mobile', 'US', 'mymetropcs.com', false, NULL),
  ('googlefi', 'Google Fi', 'US', 'msg.fi.google.com', false, NULL),
  ('mint', 'Mint Mobile', 'US', 'tmomail.net', false, 'Runs on T-Mobile''s network and gateway'),
  ('visible', 'Visible', 'US', 'vtext.com', false, 'Runs on Verizon''s network and gateway'),
  ('xfinity', 'Xfinity Mobile', 'US', 'vtext.com', false, 'Runs on Verizon''s network and gateway'),
  ('consumercellular', 'Consumer Cellular', 'US', 'mailmymobile.net', false, NULL),
  ('cspire', 'C Spire', 'US', 'cspire1.com', false, NULL),
  ('ting', 'Ting', 'US', 'message.ting.com', false, NULL),
  ('tracfone', 'Tracfone', 'US', 'mmst5.tracfone.com', false, NULL),
  ('pageplus', 'Page Plus Cellular', 'US', 'vtext.com', false, 'Runs on Verizon''s network and gateway'),
  ('sprint', 'Sprint', 'US', 'messaging.sprintpcs.com', true, 'Merged into T-Mobile; use T-Mobile'),
  ('virginus', 'Virgin Mobile USA', 'US', 'vmobl.com', true, 'Closed; customers moved to Boost Mobile'),
  ('republic', 'Republic Wireless', 'US', 'text.republicwireless.com', true, 'Closed in 2023'),
  ('rogers', 'Rogers', 'CA', 'pcs.rogers.com', false, NULL),
  ('bell', 'Bell', 'CA', 'txt.bell.ca', false, NULL),
  ('telus', 'Telus', 'CA', 'msg.telus.com', false, NULL),
  ('fido', 'Fido', 'CA', 'fido.ca', false, NULL),
  ('koodo', 'Koodo Mobile', 'CA', 'msg.koodomobile.com', false, NULL),
  ('virginca', 'Virgin Plus', 'CA', 'vmobile.ca', false, NULL),
  ('sasktel', 'SaskTel', 'CA', 'sms.sasktel.com', false, NULL),
  ('vodafonenz', 'One NZ (Vodafone)', 'NZ', 'mtxt.co.nz', false, NULL),
  ('telcel', 'Telcel', 'MX', 'itelcel.com', false, NULL)
ON CONFLICT ("id") DO NOTHING;
