-- Plans and their features (spec 000 §3 Subscription, §6 plan gating). Numeric features are limits.
INSERT INTO "plans" ("id", "name", "features") VALUES
  ('free', 'Free', '{"projects": true, "mailing_lists": true, "print_files": true, "qr_codes": true, "maps": false, "notifications": false, "webhooks": false, "pod_api": false, "max_projects": 25, "max_list_rows": 250000}'),
  ('pay_as_you_go', 'Pay as you go', '{"projects": true, "mailing_lists": true, "print_files": true, "qr_codes": true, "maps": true, "notifications": true, "webhooks": true, "pod_api": true, "max_projects": 1000, "max_list_rows": 250000}')
ON CONFLICT ("id") DO NOTHING;
