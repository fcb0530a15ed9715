ALTER TABLE "mailing_list_records" ADD COLUMN "search_indexed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD COLUMN "search_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Recipient search (issue 10, spec 002 §7 GET /api/recipients/{listId}?search): a trigram index over each indexed
-- record's values as text serves ILIKE '%term%' for any column and pre-filters a search on one field. Partial, so
-- an upload inserts records without index work; the 'lists.index-search' job brings them in afterwards.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mailing_list_records_values_trgm_idx" ON "mailing_list_records" USING gin (("values"::text) gin_trgm_ops) WHERE "search_indexed";--> statement-breakpoint
UPDATE "mailing_list_records" SET "search_indexed" = true;--> statement-breakpoint
UPDATE "mailing_lists" SET "search_ready" = true;
