-- Servers (issue 13): self-hosted licences and the licence endpoint's check-in log (docs/decisions/0034, 0035).
CREATE TABLE "server_licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"favourited" boolean DEFAULT false NOT NULL,
	"allowed_ip_address" text DEFAULT '*' NOT NULL,
	"allowed_machine_id" text DEFAULT '' NOT NULL,
	"server_version" text DEFAULT '' NOT NULL,
	"last_ip" text DEFAULT '' NOT NULL,
	"last_machine_id" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"counts_date" date,
	"num_clients_online" integer DEFAULT 0 NOT NULL,
	"num_boosters_online" integer DEFAULT 0 NOT NULL,
	"booster_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payload_override" text,
	"last_issue_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_licence_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"licence_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"machine_id" text NOT NULL,
	"version" text NOT NULL,
	"device_count" integer NOT NULL,
	"booster_count" integer NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_licences" ADD CONSTRAINT "server_licences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_licence_logs" ADD CONSTRAINT "server_licence_logs_licence_id_server_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."server_licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_licences_serial" ON "server_licences" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "server_licences_company" ON "server_licences" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "server_licence_logs_licence" ON "server_licence_logs" USING btree ("licence_id","id");
