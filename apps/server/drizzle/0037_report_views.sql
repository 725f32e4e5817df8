-- The reports domain only reads, and only through these views (docs/decisions/0058). Each is published by
-- the domain that owns the table, so the owner can change its tables and keep the view's shape.
--
-- tenancy: a company's state history. Every change of companies.current_state, whoever writes it, is kept by
-- a statement trigger; the reason comes from the writing transaction's `portal.state_reason` setting
-- (tenancy's noteStateReason), '' when none was given. The change's time is the state's applied_at, which
-- the writers set from the call's clock.
CREATE TABLE "company_state_changes" (
  "id" bigserial PRIMARY KEY,
  "company_id" integer NOT NULL REFERENCES "companies"("id"),
  "from_state" "company_state",
  "to_state" "company_state" NOT NULL,
  "reason" text NOT NULL DEFAULT '',
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "company_state_changes_created_idx" ON "company_state_changes" ("created_at", "company_id");
--> statement-breakpoint
CREATE INDEX "company_state_changes_company_idx" ON "company_state_changes" ("company_id", "created_at");
--> statement-breakpoint
INSERT INTO "company_state_changes" ("company_id", "from_state", "to_state", "created_at")
SELECT "id", NULL, "current_state", "current_state_applied_at" FROM "companies";
--> statement-breakpoint
CREATE FUNCTION "companies_state_changes_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_state_changes" ("company_id", "from_state", "to_state", "reason", "created_at")
  SELECT n."id", NULL, n."current_state", coalesce(current_setting('portal.state_reason', true), ''), n."current_state_applied_at"
  FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "companies_state_changes_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_state_changes" ("company_id", "from_state", "to_state", "reason", "created_at")
  SELECT n."id", o."current_state", n."current_state", coalesce(current_setting('portal.state_reason', true), ''),
         n."current_state_applied_at"
  FROM new_rows n JOIN old_rows o ON o."id" = n."id"
  WHERE n."current_state" IS DISTINCT FROM o."current_state";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_state_changes_ins" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "companies_state_changes_ins"();
--> statement-breakpoint
CREATE TRIGGER "companies_state_changes_upd" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "companies_state_changes_upd"();
--> statement-breakpoint
-- tenancy: a company as reports see it (spec-2 §3, company as seen in reports).
CREATE VIEW "report_companies" AS
SELECT c."id" AS "company_id", c."company_name", c."company_type"::text AS "company_type",
       c."current_state"::text AS "current_state", c."current_state_applied_at", c."distributor_id", c."plan_id",
       c."plan_selected", c."is_vip", c."is_partner_company", c."is_internal_comet_company", c."has_contract_billing",
       c."has_oob_payment", c."can_have_comet_storage", c."sales_id", c."region_code", c."country", c."primary_email",
       c."custom_metadata_1", c."custom_metadata_2", c."custom_metadata_3", c."first_active_at",
       c."signup_completed_at", c."created_at", c."deleted_at"
FROM "companies" c;
--> statement-breakpoint
CREATE VIEW "report_company_state_changes" AS
SELECT "id", "company_id", "from_state"::text AS "from_state", "to_state"::text AS "to_state", "reason", "created_at"
FROM "company_state_changes";
--> statement-breakpoint
-- users: the people of a company (the report rows' users: email, contact_name, is_primary_contact).
CREATE VIEW "report_users" AS
SELECT u."id" AS "user_id", u."company_id", u."email", u."contact_name", u."is_primary_contact",
       u."staff_role"::text AS "staff_role", u."deleted_at"
FROM "users" u;
--> statement-breakpoint
-- billing: plans, balances, credit packs, charges (usage), the ledger, services and daily stats.
CREATE VIEW "report_plans" AS SELECT "id" AS "plan_id", "name", "rank" FROM "billing_plans";
--> statement-breakpoint
CREATE VIEW "report_balances" AS SELECT "company_id", "balance", "suspended_for_credit" FROM "billing_accounts";
--> statement-breakpoint
CREATE VIEW "report_credit_packs" AS
SELECT "id" AS "pack_id", "company_id", "name", "amount", "cost", "source"::text AS "source", "purchase_date",
       "expiry_date", "is_oob_payment", "amount_used", "amount_expired"
FROM "credit_packs";
--> statement-breakpoint
CREATE VIEW "report_charges" AS
SELECT "id" AS "usage_id", "company_id", "service_id", "charge_day", "kind"::text AS "kind", "variant", "details",
       "quantity", "unit_cost", "amount", "created_at"
FROM "billing_usage";
--> statement-breakpoint
CREATE VIEW "report_ledger" AS
SELECT "id" AS "ledger_id", "company_id", "pack_id", "usage_id", "kind"::text AS "kind", "amount", "created_at"
FROM "credit_ledger";
--> statement-breakpoint
CREATE VIEW "report_services" AS
SELECT "id" AS "service_id", "company_id", "kind"::text AS "kind", "variant", "details", "owner_kind", "owner_id",
       "rebill_every_days", "unit_cost", "quantity", "amount", "wasabi_usage_bytes", "serial_count", "started_at",
       "stopped_at"
FROM "billing_services";
--> statement-breakpoint
CREATE VIEW "report_daily_stats" AS
SELECT "company_id", "date", "device_count", "booster_count", "booster_microsoft365", "booster_disk_image",
       "booster_mssql", "booster_hyperv", "booster_vmware", "booster_proxmox", "storage_amount_bytes",
       "hosted_comet_v2_count", "cloudview_count", "server_version"
FROM "daily_stats";
