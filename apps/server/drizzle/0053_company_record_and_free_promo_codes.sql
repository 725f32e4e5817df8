-- Published for the companies domain by payments: a company's automatic top-up as its record shows it
-- (spec-1 §3 auto_topup_plan_name, auto_topup_days_remaining); the plan name is null while it is off.
CREATE VIEW "company_auto_topup" AS
SELECT s."company_id",
  CASE WHEN s."auto_topup_enabled" THEN o."name" END AS "auto_topup_plan_name",
  s."auto_rebill_days_remaining" AS "auto_topup_days_remaining"
FROM "payment_settings" s
LEFT JOIN "topup_options" o ON o."id" = s."auto_topup_option_id";
--> statement-breakpoint
-- Published for the companies domain by customer-portal: a company's live portal (at most one, by the
-- customer_portals_live index), for the record's myclient_* fields.
CREATE VIEW "company_customer_portal" AS
SELECT p."company_id", p."state", p."url"
FROM "customer_portals" p
WHERE p."state" IN ('provisioning', 'ready', 'failed');
--> statement-breakpoint
-- spec-2 §5: a promo amount is at least 0 (a code of $0 adds no credit pack when redeemed).
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_amount";
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_amount" CHECK ("promo_codes"."amount" >= 0);
