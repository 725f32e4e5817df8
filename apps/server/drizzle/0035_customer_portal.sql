-- Customer portal (CloudView) instances and their single-use sign-in tokens (spec-1 §3, §4; docs/decisions/0057).
CREATE TABLE "customer_portals" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"state" text NOT NULL,
	"failure_message" text DEFAULT '' NOT NULL,
	"provision_operation" text DEFAULT '' NOT NULL,
	"delete_operation" text DEFAULT '' NOT NULL,
	"next_check_at" timestamp with time zone,
	"url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "customer_portals_state" CHECK ("state" IN ('provisioning', 'ready', 'failed', 'removing', 'removed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "customer_portals_live" ON "customer_portals" ("company_id") WHERE "state" IN ('provisioning', 'ready', 'failed');--> statement-breakpoint
CREATE INDEX "customer_portals_pending" ON "customer_portals" ("next_check_at") WHERE "state" IN ('provisioning', 'removing');--> statement-breakpoint
CREATE TABLE "customer_portal_logins" (
	"jti" text PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL REFERENCES "customer_portals"("id"),
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "customer_portal_logins_expiry" ON "customer_portal_logins" ("expires_at");
