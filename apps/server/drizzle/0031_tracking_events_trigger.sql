-- A foreign key is checked (and its piece row locked) for every stored event; a file import stores a million
-- (docs/requirements/mail-tracking.md#limits). A statement trigger removes a deleted piece's events instead, also when
-- the piece goes with its print file, order or account.
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_piece_id_mail_pieces_id_fk";--> statement-breakpoint
DELETE FROM "tracking_events" e WHERE NOT EXISTS (SELECT 1 FROM "mail_pieces" p WHERE p.id = e.piece_id);--> statement-breakpoint
CREATE FUNCTION "mail_pieces_events_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "tracking_events" WHERE "piece_id" IN (SELECT "id" FROM "gone_pieces");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "mail_pieces_events_gone" AFTER DELETE ON "mail_pieces"
  REFERENCING OLD TABLE AS "gone_pieces" FOR EACH STATEMENT EXECUTE FUNCTION "mail_pieces_events_gone"();
