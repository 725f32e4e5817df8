-- Published by the users domain: a user with the company fields sign-in needs. The auth domain
-- resolves every session through it in one query, without reading the users and companies tables.
CREATE VIEW "user_accounts" AS
SELECT u."id" AS "user_id", u."email", u."contact_name", u."staff_role"::text AS "staff_role", u."deleted_at",
       c."id" AS "company_id", c."company_type"::text AS "company_type", c."current_state"::text AS "current_state",
       c."require_two_factor", c."distributor_id", c."can_have_comet_storage", c."has_contract_billing"
FROM "users" u JOIN "companies" c ON c."id" = u."company_id";
--> statement-breakpoint
-- companies.primary_email follows the primary contact's address (the company list sorts and searches
-- by it from an index), whoever changes the users: one update per changing statement.
CREATE FUNCTION "companies_primary_email_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "companies" c SET "primary_email" = p.email
  FROM (
    SELECT x.cid AS id, coalesce((
      SELECT u."email" FROM "users" u
      WHERE u."company_id" = x.cid AND u."is_primary_contact" AND u."deleted_at" IS NULL
      ORDER BY u."id" LIMIT 1), '') AS email
    FROM (SELECT DISTINCT unnest(ids) AS cid) x
  ) p
  WHERE c."id" = p.id AND c."primary_email" IS DISTINCT FROM p.email;
$$;
--> statement-breakpoint
CREATE FUNCTION "users_primary_email_ins"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "companies_primary_email_refresh"(ARRAY(SELECT "company_id" FROM new_rows WHERE "is_primary_contact"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "users_primary_email_upd"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "companies_primary_email_refresh"(ARRAY(
    SELECT n."company_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."email" IS DISTINCT FROM o."email" OR n."is_primary_contact" IS DISTINCT FROM o."is_primary_contact"
       OR n."company_id" IS DISTINCT FROM o."company_id" OR n."deleted_at" IS DISTINCT FROM o."deleted_at"
    UNION
    SELECT o."company_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."company_id" IS DISTINCT FROM o."company_id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_primary_email_ins" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_primary_email_ins"();
--> statement-breakpoint
CREATE TRIGGER "users_primary_email_upd" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_primary_email_upd"();
