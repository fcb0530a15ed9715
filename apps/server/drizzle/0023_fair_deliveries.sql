-- Deliveries become their own queue, claimed fairly per owner: the owner is copied from the webhook
-- or notification, and pending rows (whose per-attempt jobs are no longer run) fall due at their next
-- retry, or now.
ALTER TABLE "webhook_deliveries" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "webhook_deliveries" d SET "user_id" = w."user_id" FROM "webhooks" w WHERE w."id" = d."webhook_id";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "sending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "webhook_deliveries" SET "due_at" = COALESCE("next_retry", now()) WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "notification_deliveries" d SET "user_id" = n."user_id" FROM "notifications" n WHERE n."id" = d."notification_id";--> statement-breakpoint
ALTER TABLE "notification_deliveries" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "sending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "notification_deliveries" SET "due_at" = COALESCE("next_retry", now()) WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("user_id","due_at") WHERE "webhook_deliveries"."due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_sending_idx" ON "webhook_deliveries" USING btree ("user_id") WHERE "webhook_deliveries"."sending";--> statement-breakpoint
CREATE INDEX "notification_deliveries_due_idx" ON "notification_deliveries" USING btree ("user_id","due_at") WHERE "notification_deliveries"."due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_deliveries_sending_idx" ON "notification_deliveries" USING btree ("user_id") WHERE "notification_deliveries"."sending";--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP COLUMN "attempt_started_at";
