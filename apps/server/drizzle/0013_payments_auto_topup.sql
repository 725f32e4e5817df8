-- Automatic top-up (issue 12 point 4, docs/decisions/0028): on/off beside the chosen option, whether the
-- balance was last seen at or above the threshold (a top-up fires only on the way down), when the job last
-- looked, and the month whose spend cap was last mailed about (one mail a month).
ALTER TABLE "payment_settings" ADD COLUMN "auto_topup_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "auto_topup_armed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "auto_topup_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "cap_mailed_month" text;--> statement-breakpoint
CREATE INDEX "payment_settings_auto_topup_due_idx" ON "payment_settings" USING btree ("auto_topup_checked_at" NULLS FIRST) WHERE "payment_settings"."auto_topup_enabled";
