-- Order webhooks: an account's webhook without a list receives the order events of one mode (test: those of
-- test keys' orders, else live ones).
ALTER TABLE "webhooks" ALTER COLUMN "mailing_list_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "test" boolean DEFAULT false NOT NULL;
