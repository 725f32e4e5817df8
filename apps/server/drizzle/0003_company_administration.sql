CREATE TABLE "distributor_regions" (
	"company_id" integer NOT NULL,
	"region_code" text NOT NULL,
	CONSTRAINT "distributor_regions_company_id_region_code_pk" PRIMARY KEY("company_id","region_code")
);
--> statement-breakpoint
CREATE TABLE "distributor_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"custom_billing_url" text,
	"custom_support_url" text,
	"custom_metadata_1_label" text,
	"custom_metadata_2_label" text,
	"custom_metadata_3_label" text,
	"default_subaccount_features" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "trial_extension_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "plan_selected" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sales_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "region_code" text DEFAULT 'us-east' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "features" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "custom_metadata_1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "custom_metadata_2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "custom_metadata_3" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "can_view_billing_credit_usage" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "can_view_billing_active_services" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "has_oob_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "has_comet_storage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "merchant_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "feature_voting_ref" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "first_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "state_before_delete" "company_state";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "migrated_from_id" integer;--> statement-breakpoint
ALTER TABLE "distributor_regions" ADD CONSTRAINT "distributor_regions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_settings" ADD CONSTRAINT "distributor_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_trial_expiry_idx" ON "companies" USING btree ("trial_expires_at") WHERE "companies"."current_state" = 'TRIAL';--> statement-breakpoint
CREATE INDEX "companies_pending_delete_idx" ON "companies" USING btree ("current_state_applied_at") WHERE "companies"."current_state" = 'PENDING_DELETE';