-- Plans free, pay_as_you_go, pro and business with one typed features map each (issue 5 §5;
-- shared ZPlanFeaturesSchema). 'api' needs Pro or higher (spec 002 §1). Replaces the old keys.
INSERT INTO "plans" ("id", "name", "features") VALUES
  ('free', 'Free', '{"print_files": true, "qr_codes": true, "webhooks": false, "notifications": false, "maps": false, "api": false, "max_projects": 25, "max_list_rows": 250000}'),
  ('pay_as_you_go', 'Pay as you go', '{"print_files": true, "qr_codes": true, "webhooks": true, "notifications": true, "maps": true, "api": false, "max_projects": 100, "max_list_rows": 250000}'),
  ('pro', 'Pro', '{"print_files": true, "qr_codes": true, "webhooks": true, "notifications": true, "maps": true, "api": true, "max_projects": 500, "max_list_rows": 250000}'),
  ('business', 'Business', '{"print_files": true, "qr_codes": true, "webhooks": true, "notifications": true, "maps": true, "api": true, "max_projects": 10000, "max_list_rows": 250000}')
ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "features" = EXCLUDED."features";
--> statement-breakpoint
-- The operator's first account (the first administrator) starts on business.
INSERT INTO "subscriptions" ("user_id", "plan_id", "status")
SELECT "id", 'business', 'active' FROM "users" WHERE "is_admin" ORDER BY "created_at" LIMIT 1
ON CONFLICT ("user_id") DO NOTHING;
