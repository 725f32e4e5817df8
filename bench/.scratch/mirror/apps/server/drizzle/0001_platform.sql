CREATE TYPE "public"."company_state" AS ENUM('TRIAL', 'ACTIVE', 'SUSPENDED', 'PENDING_DELETE', 'DELETED', 'MIGRATED');--> statement-breakpoint
CREATE TYPE "public"."company_type" AS ENUM('admin', 'distributor', 'support', 'customer');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('admin', 'support', 'sales', 'sales_admin');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"company_type" "company_type" DEFAULT 'customer' NOT NULL,
	"current_state" "company_state" DEFAULT 'TRIAL' NOT NULL,
	"current_state_applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"distributor_id" integer,
	"plan_id" text DEFAULT 'Trial' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'NZ' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"street_address" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"primary_email" text DEFAULT '' NOT NULL,
	"is_vip" boolean DEFAULT false NOT NULL,
	"is_partner_company" boolean DEFAULT false NOT NULL,
	"is_internal_comet_company" boolean DEFAULT false NOT NULL,
	"can_have_sales" boolean DEFAULT false NOT NULL,
	"can_have_support" boolean DEFAULT false NOT NULL,
	"can_have_comet_storage" boolean DEFAULT true NOT NULL,
	"has_contract_billing" boolean DEFAULT false NOT NULL,
	"customer_trial_length_days" integer DEFAULT 30 NOT NULL,
	"trial_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"event" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"staff_role" "staff_role",
	"is_primary_contact" boolean DEFAULT false NOT NULL,
	"is_technical" boolean DEFAULT false NOT NULL,
	"is_billing" boolean DEFAULT false NOT NULL,
	"browser_timezone" text,
	"email_verified_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"error_name" text NOT NULL,
	"error_message" text NOT NULL,
	"error_stack" text NOT NULL,
	"error_metadata" jsonb NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "error_reports_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"ip" text NOT NULL,
	"method" text NOT NULL,
	"uri" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_user_id" integer,
	"csrf_token" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_distributor_id_companies_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_events" ADD CONSTRAINT "company_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_log" ADD CONSTRAINT "request_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("company_name","id");--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_primary_email_idx" ON "companies" USING btree ("primary_email","id");--> statement-breakpoint
CREATE INDEX "companies_state_idx" ON "companies" USING btree ("current_state");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_country_idx" ON "companies" USING btree ("country","id");--> statement-breakpoint
CREATE INDEX "companies_distributor_idx" ON "companies" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "company_events_company_idx" ON "company_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "request_log_company_idx" ON "request_log" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");