-- The recipient search shows each record's latest mail piece (docs/requirements/mail-tracking.md#timelines-and-analytics):
-- a page of records finds its pieces by record id instead of reading every piece of the account.
CREATE INDEX "mail_pieces_record_idx" ON "mail_pieces" USING btree ("record_id","created_at");
