-- Distributor usage and commission (issue 16 point 3, docs/decisions/0061).
--
-- reports: a distributor's commission percentages, set by admins and read by the usage report only, so the
-- reports domain keeps them (spec-2 §5: 0 to 100, read-only for distributors). No row: both are 0.
CREATE TABLE "distributor_commission_rates" (
  "company_id" integer PRIMARY KEY REFERENCES "companies"("id"),
  "discount_percent" integer NOT NULL DEFAULT 0,
  "indirect_commission_percent" integer NOT NULL DEFAULT 0,
  "updated_at" timestamp with time zone NOT NULL,
  CONSTRAINT "distributor_commission_rates_range" CHECK (
    "discount_percent" BETWEEN 0 AND 100 AND "indirect_commission_percent" BETWEEN 0 AND 100
  )
);
--> statement-breakpoint
-- companies: the labels a distributor gives its sub-accounts' custom metadata fields (spec-2 §3 distributor
-- settings), published for the usage report's column headings.
CREATE VIEW "report_distributor_settings" AS
SELECT "company_id", coalesce("custom_metadata_1_label", '') AS "custom_metadata_1_label",
       coalesce("custom_metadata_2_label", '') AS "custom_metadata_2_label",
       coalesce("custom_metadata_3_label", '') AS "custom_metadata_3_label"
FROM "distributor_settings";
