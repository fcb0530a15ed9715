CREATE INDEX "auth_failures_failed_at_idx" ON "auth_failures" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");