-- A ticket's last change as staff see it, kept beside the one its company sees (docs/decisions/0097): a change
-- only staff may see (a note, an assignee) moves these alone, so a customer's hash and update time tell nothing
-- of it; every other change moves both.
ALTER TABLE "tickets" ADD COLUMN "staff_hash" text;
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "staff_updated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "staff_updated_by_user_id" integer REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "staff_updated_by_support" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Until now every change moved the one stamp, so staff's starts as it is.
UPDATE "tickets" SET "staff_hash" = "hash", "staff_updated_at" = "updated_at",
  "staff_updated_by_user_id" = "updated_by_user_id", "staff_updated_by_support" = "updated_by_support";
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "staff_hash" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "staff_updated_at" SET NOT NULL;
--> statement-breakpoint
-- The list of every company's tickets is staff's and sorts by their update time; a company's own list keeps
-- tickets_company_idx on the company's.
DROP INDEX "tickets_open_updated_idx";
--> statement-breakpoint
CREATE INDEX "tickets_open_staff_updated_idx" ON "tickets" USING btree ("open", "staff_updated_at" DESC);
