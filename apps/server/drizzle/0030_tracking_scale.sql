-- A file import writes a million tracking events: each index and foreign key is paid per row
-- (docs/requirements/mail-tracking.md#limits). The events' key is the piece and the dedupe key; the owner is the piece's.
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "tracking_events_user_idx";--> statement-breakpoint
ALTER TABLE "tracking_events" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "tracking_events" DROP COLUMN "user_id";--> statement-breakpoint
DROP INDEX "tracking_events_dedupe_idx";--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_pkey" PRIMARY KEY("piece_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "tracking_events_pulled_idx" ON "tracking_events" USING btree ("occurred_at") WHERE "tracking_events"."source" = 'pull';--> statement-breakpoint
-- A piece's stage moves up to five times: room on each page keeps most of those updates on the page (HOT).
ALTER TABLE "mail_pieces" SET (fillfactor = 70);
