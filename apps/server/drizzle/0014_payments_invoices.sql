-- Bills and custom invoices (docs/decisions/0029). A card charge that paid a custom invoice names it, and the
-- customer's bill pages through charges by company, newest first.
ALTER TABLE "card_transactions" ADD COLUMN "invoice_id" integer REFERENCES "invoices"("id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_invoice_paid_uq" ON "card_transactions" ("invoice_id") WHERE "invoice_id" is not null and "success";--> statement-breakpoint
CREATE INDEX "card_transactions_bill_idx" ON "card_transactions" ("company_id", "created_at" DESC, "id" DESC) WHERE "kind" = 'charge' and "success";--> statement-breakpoint
-- Billing publishes the credit a customer's bill shows (the pack a purchase bought, admin entries): payments
-- reads packs only through this view.
CREATE VIEW "billing_bill_packs" AS
  SELECT "id", "company_id", "name", "amount", "cost", "source", "creates_billing_entry", "purchase_date"
  FROM "credit_packs";--> statement-breakpoint
CREATE INDEX "credit_packs_bill_entries_idx" ON "credit_packs" ("company_id", "purchase_date" DESC, "id" DESC) WHERE "source" = 'admin' and "creates_billing_entry";
