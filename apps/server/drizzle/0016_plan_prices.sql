ALTER TABLE "plans" ADD COLUMN "monthly_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Prices of the seeded plans (issue 11); the admin pricing page changes them.
UPDATE "plans" SET "monthly_price_cents" = 0, "position" = 1 WHERE "id" = 'free';--> statement-breakpoint
UPDATE "plans" SET "monthly_price_cents" = 0, "position" = 2 WHERE "id" = 'pay_as_you_go';--> statement-breakpoint
UPDATE "plans" SET "monthly_price_cents" = 9900, "position" = 3 WHERE "id" = 'pro';--> statement-breakpoint
UPDATE "plans" SET "monthly_price_cents" = 29900, "position" = 4 WHERE "id" = 'business';
