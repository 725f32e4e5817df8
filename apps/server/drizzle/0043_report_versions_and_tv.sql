-- The version report and the TV wall read these (docs/decisions/0063), each published by the domain that owns
-- the table, as 0037's are.
--
-- servers: every server in service and the version it last reported. A licence is in service while it is
-- enabled and neither archived nor deleted; a hosted console while it is ready. device_count is what the server
-- reported at its last check-in (a licence's clients online, a console's devices online).
CREATE VIEW "report_servers_in_service" AS
SELECT 'licence'::text AS "server_kind", l."id" AS "server_id", l."company_id", l."server_version" AS "version",
       l."num_clients_online" AS "device_count"
FROM "server_licences" l
WHERE l."enabled" AND l."archived_at" IS NULL AND l."deleted_at" IS NULL
UNION ALL
SELECT 'hosted'::text, h."id", h."company_id", h."version", h."num_devices_online"
FROM "hosted_servers" h
WHERE h."state" = 'ready';
