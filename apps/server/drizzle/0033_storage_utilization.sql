-- Daily storage utilization per company, day and region (spec-1 §3 Storage usage; docs/decisions/0055).
ALTER TABLE "storage_accounts" ADD COLUMN "utilization_measured_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "storage_accounts_measured_idx" ON "storage_accounts" ("utilization_measured_at");
--> statement-breakpoint
CREATE TABLE "storage_utilization" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"region" text NOT NULL,
	"padded_storage_size_bytes" bigint NOT NULL,
	"metadata_storage_size_bytes" bigint NOT NULL,
	"deleted_storage_size_bytes" bigint NOT NULL,
	"buckets_count" integer NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storage_utilization_company_id_day_region_pk" PRIMARY KEY("company_id","day","region")
);
