-- The money tables guarded at write (docs/decisions/0092, superseding 0072's dropped keys; 0049's index and
-- fillfactor changes stay). Keys that carry the company: a ledger row names a pack and a usage row of its own
-- company, and a usage row a service of its own company. Their targets get unique (company_id, id) keys.
ALTER TABLE "credit_packs" ADD CONSTRAINT "credit_packs_company_id_id_uq" UNIQUE ("company_id", "id");
--> statement-breakpoint
ALTER TABLE "billing_services" ADD CONSTRAINT "billing_services_company_id_id_uq" UNIQUE ("company_id", "id");
--> statement-breakpoint
ALTER TABLE "billing_usage" ADD CONSTRAINT "billing_usage_company_id_id_uq" UNIQUE ("company_id", "id");
--> statement-breakpoint
ALTER TABLE "billing_usage" ADD CONSTRAINT "billing_usage_service_fk" FOREIGN KEY ("company_id", "service_id") REFERENCES "billing_services" ("company_id", "id");
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_pack_fk" FOREIGN KEY ("company_id", "pack_id") REFERENCES "credit_packs" ("company_id", "id");
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_usage_fk" FOREIGN KEY ("company_id", "usage_id") REFERENCES "billing_usage" ("company_id", "id");
--> statement-breakpoint
-- Every kind's sign, settle's two halves included (the old check let any settle row through).
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_signs";
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_signs" CHECK (case "credit_ledger"."kind"
        when 'credit' then "credit_ledger"."amount" > 0 and "credit_ledger"."pack_id" is not null and "credit_ledger"."usage_id" is null
        when 'refund' then "credit_ledger"."amount" > 0 and "credit_ledger"."pack_id" is not null and "credit_ledger"."usage_id" is null
        when 'charge' then "credit_ledger"."amount" < 0 and "credit_ledger"."usage_id" is not null
        when 'expire' then "credit_ledger"."amount" < 0 and "credit_ledger"."pack_id" is not null and "credit_ledger"."usage_id" is null
        when 'settle' then "credit_ledger"."usage_id" is null and ("credit_ledger"."amount" < 0) = ("credit_ledger"."pack_id" is not null) and "credit_ledger"."amount" <> 0
        else false end);
--> statement-breakpoint
-- One index for a company's rows, a pack's rows (its company known from the pack) and a company's debt rows (no
-- pack), where two were written per charge: it pays for part of the keys' checks in the daily run.
DROP INDEX "credit_ledger_company_idx";
--> statement-breakpoint
DROP INDEX "credit_ledger_pack_idx";
--> statement-breakpoint
CREATE INDEX "credit_ledger_company_pack_idx" ON "credit_ledger" USING btree ("company_id","pack_id","id");
--> statement-breakpoint
CREATE TABLE "billing_ledger_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"through_day" date NOT NULL,
	"ledger_from" bigint NOT NULL,
	"ledger_to" bigint NOT NULL,
	"usage_from" bigint NOT NULL,
	"usage_to" bigint NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"mismatches" integer,
	CONSTRAINT "billing_ledger_checks_window" CHECK ("billing_ledger_checks"."ledger_from" <= "billing_ledger_checks"."ledger_to" and "billing_ledger_checks"."usage_from" <= "billing_ledger_checks"."usage_to")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_ledger_checks_open_uq" ON "billing_ledger_checks" USING btree (("checked_at" is null)) WHERE "billing_ledger_checks"."checked_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_ledger_checks_day_uq" ON "billing_ledger_checks" USING btree ("through_day");
--> statement-breakpoint
-- The ledger check raises P1 alerts as the system, which is no user.
ALTER TABLE "alerts" ALTER COLUMN "raised_by" DROP NOT NULL;
