CREATE TABLE "notification_digest_items" (
	"notification_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"variables" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digest_items_scan_idx" ON "notification_digest_items" USING btree ("notification_id","scan_id");--> statement-breakpoint
CREATE INDEX "notification_digest_items_time_idx" ON "notification_digest_items" USING btree ("notification_id","scanned_at");