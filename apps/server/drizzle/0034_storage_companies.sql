-- Published for the storage domain by tenancy: what /manage_storage shows and searches of a company
-- (docs/decisions/0056).
CREATE VIEW "storage_companies" AS
SELECT c."id" AS "company_id", c."company_name", c."company_type"::text AS "company_type", c."can_have_comet_storage"
FROM "companies" c;
