CREATE TABLE "download_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_key" text NOT NULL,
	"major" integer NOT NULL,
	"minor" integer NOT NULL,
	"patch" integer NOT NULL,
	"codename" text DEFAULT '' NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"release_date" date,
	"is_hidden" boolean DEFAULT true NOT NULL,
	"is_prerelease" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "download_versions_version_key_unique" UNIQUE("version_key")
);
--> statement-breakpoint
CREATE INDEX "download_versions_order_idx" ON "download_versions" USING btree ("major","minor","patch");
--> statement-breakpoint
CREATE TABLE "download_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL REFERENCES "download_versions"("id") ON DELETE CASCADE,
	"platform" text NOT NULL,
	"filename" text NOT NULL,
	"object_key" text NOT NULL,
	"state" text NOT NULL,
	"size_bytes" bigint,
	"sha256" text,
	"created_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "download_files_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "download_files_state_check" CHECK ("state" IN ('pending', 'ready')),
	CONSTRAINT "download_files_ready_check" CHECK ("state" = 'pending' OR ("size_bytes" IS NOT NULL AND "sha256" IS NOT NULL AND "uploaded_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "download_files_one_ready_idx" ON "download_files" USING btree ("version_id","platform") WHERE "state" = 'ready';
