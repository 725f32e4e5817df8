-- The Downloads tab's files (docs/decisions/0062) read what 0037's views lack. Each view is published here by
-- the domain that owns the table, as in 0037, so the owner can change its tables and keep the view's shape.
--
-- servers: each self-hosted licence and what its server last reported (server telemetry).
CREATE VIEW "report_server_licences" AS
SELECT l."id" AS "licence_id", l."company_id", l."serial_number", l."enabled", l."archived_at", l."deleted_at",
       l."server_version", l."last_seen_at", l."counts_date", l."num_clients_online", l."num_boosters_online",
       l."booster_counts", l."created_at"
FROM "server_licences" l;
--> statement-breakpoint
-- tickets: each ticket's life and how it was closed (ticket statistics, the TV wall's 7 days; the closing is
-- the feedback the portal records, docs/decisions/0062).
CREATE VIEW "report_tickets" AS
SELECT t."id" AS "ticket_id", t."company_id", t."subject", t."type", t."status", t."priority", t."open", t."direction",
       t."created_at", t."closed_at", t."closed_by_user_id", t."closed_reason", t."closed_other_reason",
       t."closed_resolution", t."merged_into_ticket_id"
FROM "tickets" t;
--> statement-breakpoint
-- servers: licences by the version their server reports, for the version report and file (report_servers_in_service).
CREATE INDEX "server_licences_version_idx" ON "server_licences" ("server_version", "company_id") WHERE "deleted_at" IS NULL;
