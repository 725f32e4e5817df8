-- A pay-once charge left pending (a 3-D Secure challenge the customer answered or abandoned but never came back
-- from, or a gateway timeout nobody asked about again) is settled by a job (docs/decisions/0071). The job asks the
-- gateway with the charge's key and writes what the call would have written, so it needs the top-up option that
-- was bought, and it remembers when it last asked, so an unanswerable charge is asked about again only hourly.
ALTER TABLE "card_transactions" ADD COLUMN "topup_option_id" integer REFERENCES "topup_options"("id");
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD COLUMN "checked_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "card_transactions_pending_idx" ON "card_transactions" ("created_at") WHERE "success" IS NULL;
