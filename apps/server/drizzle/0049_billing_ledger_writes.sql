-- The daily charging run writes a usage row and its ledger rows for every charge. Their foreign keys were a third
-- of the run (a trigger per key per row, each an index probe and a row lock on the referenced row); the two
-- append-only tables are written by billing's own statements only, and the ledger check (ledgerMismatches,
-- `npm run ledger:verify`) now checks their references instead, the company too (docs/decisions/0072).
ALTER TABLE "billing_usage" DROP CONSTRAINT IF EXISTS "billing_usage_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_usage" DROP CONSTRAINT IF EXISTS "billing_usage_service_id_billing_services_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT IF EXISTS "credit_ledger_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT IF EXISTS "credit_ledger_pack_id_credit_packs_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT IF EXISTS "credit_ledger_usage_id_billing_usage_id_fk";
--> statement-breakpoint
-- Only charge rows name a usage row, and credit_ledger_usage_pack_uq (usage_id, pack_id) where kind = 'charge'
-- already finds them by it: one index fewer to write per charge.
DROP INDEX IF EXISTS "credit_ledger_usage_idx";
--> statement-breakpoint
-- A balance changes on every charge day; room on its page lets the update stay there (a HOT update, no index
-- entry written).
ALTER TABLE "billing_accounts" SET (fillfactor = 80);
