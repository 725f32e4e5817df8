-- Which installers each company has downloaded: /create_server's server_downloaded (spec-1 §2, §3 page data).
CREATE TABLE "company_downloads" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"version_id" integer NOT NULL REFERENCES "download_versions"("id") ON DELETE CASCADE,
	"platform" text NOT NULL,
	"first_downloaded_at" timestamp with time zone NOT NULL,
	"last_downloaded_at" timestamp with time zone NOT NULL,
	"times" integer NOT NULL DEFAULT 1,
	CONSTRAINT "company_downloads_pk" PRIMARY KEY ("company_id", "version_id", "platform")
);
