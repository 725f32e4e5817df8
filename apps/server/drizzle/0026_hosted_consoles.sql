-- Hosted management consoles and their creation tasks (spec-2 §3 hosted server, §4 states; docs/decisions/0048).
CREATE TABLE "hosted_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"server_name" text NOT NULL,
	"region" text NOT NULL,
	"state" text NOT NULL,
	"failure_message" text DEFAULT '' NOT NULL,
	"provision_operation" text DEFAULT '' NOT NULL,
	"delete_operation" text DEFAULT '' NOT NULL,
	"next_check_at" timestamp with time zone,
	"user_dns" text DEFAULT '' NOT NULL,
	"user_custom_dns" text DEFAULT '' NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"admin_username" text DEFAULT '' NOT NULL,
	"admin_password" text DEFAULT '' NOT NULL,
	"licence" text DEFAULT '' NOT NULL,
	"send_as_email_address" text NOT NULL,
	"send_as_display_name" text NOT NULL,
	"storage_type" text NOT NULL,
	"storage_bucket" text DEFAULT '' NOT NULL,
	"storage_access_key" text DEFAULT '' NOT NULL,
	"storage_secret_key" text DEFAULT '' NOT NULL,
	"included_storage_bytes" bigint DEFAULT 0 NOT NULL,
	"included_storage_expires_at" timestamp with time zone,
	"num_devices_online" integer DEFAULT 0 NOT NULL,
	"num_boosters_online" integer DEFAULT 0 NOT NULL,
	"favourited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "hosted_servers_state" CHECK ("state" IN ('provisioning', 'failed', 'ready', 'deleting', 'delete_failed', 'deleted'))
);--> statement-breakpoint
CREATE INDEX "hosted_servers_company" ON "hosted_servers" ("company_id", "created_at");--> statement-breakpoint
CREATE INDEX "hosted_servers_pending" ON "hosted_servers" ("next_check_at") WHERE "state" IN ('provisioning', 'deleting');--> statement-breakpoint
CREATE TABLE "hosted_async_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"hosted_server_id" integer NOT NULL REFERENCES "hosted_servers"("id"),
	"action" text NOT NULL,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "hosted_async_tasks_company" ON "hosted_async_tasks" ("company_id", "id");
