-- A service says which storage it comes with (billing/queries/services.ts#storageAllowance): until now every
-- hosted console's first 30 days took 5 TB off its company's storage charges, including the consoles that were
-- made without Comet Storage, which come with none (spec-1 §9; servers/hosted.ts#includedStorage).
ALTER TABLE "billing_services" ADD COLUMN "included_storage_bytes" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The consoles already running say it once, as servers/hosted-job.ts now does when a console is ready.
UPDATE "billing_services" s SET "included_storage_bytes" = h."included_storage_bytes"
FROM "hosted_servers" h
WHERE s."hosted_server_id" = h."id" AND s."stopped_at" IS NULL AND h."included_storage_bytes" > 0;
