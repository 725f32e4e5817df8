-- The Current Month tab (docs/decisions/0059): each widget's answer, kept so that opening /reports reads one row
-- instead of scanning months of daily rows. Keyed by the widget and its parameters (canonical text, '' for none).
-- `generation_ms` is a measured duration (a float: it is no count, and nodes measure it differently).
-- `generation` counts regenerations: a request that waited on the row lock while another regenerated finds it
-- moved on and answers that work instead of repeating it.
CREATE TABLE "report_widget_cache" (
  "widget_id" text NOT NULL,
  "params" text NOT NULL DEFAULT '',
  "data" jsonb,
  "cached_at" timestamp with time zone,
  "generation_ms" double precision NOT NULL DEFAULT 0,
  "generation" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "report_widget_cache_pk" PRIMARY KEY ("widget_id", "params")
);
--> statement-breakpoint
-- billing (the owner of billing_devices): the operating system a device's server reports for it, null until one
-- does. The servers' check-in does not carry it yet (decision 0059 says how it will); the column is where it lands.
ALTER TABLE "billing_devices" ADD COLUMN "reported_os" text;
--> statement-breakpoint
-- billing: the devices the servers have reported, with when they were first seen and removed.
CREATE VIEW "report_devices" AS
SELECT "id" AS "device_id", "company_id", "first_seen_at", "deleted_at", "reported_os"
FROM "billing_devices";
--> statement-breakpoint
-- downloads: which companies downloaded an installer, for the signup engagement funnel.
CREATE VIEW "report_company_downloads" AS
SELECT "company_id", "platform", "first_downloaded_at"
FROM "company_downloads";
