CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"problem" text NOT NULL,
	"raised_by" integer NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"escalated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"kind" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_address" text NOT NULL,
	"http_status" smallint,
	"error" text,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alert_pages" ADD CONSTRAINT "alert_pages_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "alerts_unanswered_idx" ON "alerts" USING btree ("raised_at") WHERE acknowledged_at is null and escalated_at is null;
--> statement-breakpoint
CREATE INDEX "alert_pages_alert_idx" ON "alert_pages" USING btree ("alert_id");
