-- A company's customer portal is one of the company flags its capabilities come from (spec-1 §6: "customer portal
-- and hosted features depend on company flags"; the CloudView ticket type is offered only with the client portal
-- capability). The customer-portal domain keeps it through tenancy's service as portals are enabled and
-- terminated; sessions read it through user_accounts, as they read the other flags (docs/decisions/0057).
ALTER TABLE "companies" ADD COLUMN "myclient_portal_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "companies" c SET "myclient_portal_enabled" = true
WHERE EXISTS (SELECT 1 FROM "customer_portals" p WHERE p."company_id" = c."id" AND p."state" IN ('provisioning', 'ready', 'failed'));
--> statement-breakpoint
CREATE OR REPLACE VIEW "user_accounts" AS
SELECT u."id" AS "user_id", u."email", u."contact_name", u."staff_role"::text AS "staff_role", u."deleted_at",
       c."id" AS "company_id", c."company_type"::text AS "company_type", c."current_state"::text AS "current_state",
       c."require_two_factor", c."distributor_id", c."can_have_comet_storage", c."has_contract_billing",
       c."myclient_portal_enabled"
FROM "users" u JOIN "companies" c ON c."id" = u."company_id";
