-- The storage product (spec-1 §3 Storage account, Bucket; docs/decisions/0050, 0051).
CREATE TABLE "storage_accounts" (
	"id" serial PRIMARY KEY,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"access_key" text NOT NULL,
	"secret_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"keys_rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "storage_accounts_company_key" ON "storage_accounts" ("company_id");
--> statement-breakpoint
CREATE TABLE "storage_buckets" (
	"id" serial PRIMARY KEY,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"account_id" integer NOT NULL REFERENCES "storage_accounts"("id") ON DELETE CASCADE,
	"bucket" text NOT NULL,
	"region" text NOT NULL,
	"has_object_lock" boolean NOT NULL,
	"active_storage_bytes" bigint NOT NULL DEFAULT 0,
	"deleted_storage_bytes" bigint NOT NULL DEFAULT 0,
	"pending_delete" boolean NOT NULL DEFAULT false,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "storage_buckets_bucket_key" ON "storage_buckets" ("bucket");
--> statement-breakpoint
CREATE INDEX "storage_buckets_company_idx" ON "storage_buckets" ("company_id");
