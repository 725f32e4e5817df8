-- Whether the company has a saved card, for the auth context (spec-2 §3 has_saved_card). Payments keeps it
-- in the transaction that adds or removes a card, under the company's row lock; auth reads it with the company.
ALTER TABLE "companies" ADD COLUMN "has_saved_card" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "companies" c SET "has_saved_card" = true
WHERE EXISTS (SELECT 1 FROM "payment_cards" p WHERE p."company_id" = c."id" AND p."deleted_at" IS NULL);
