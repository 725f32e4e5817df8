-- A merged ticket points at the ticket it was merged into (docs/decisions/0044).
ALTER TABLE "tickets" ADD COLUMN "merged_into_ticket_id" integer REFERENCES "tickets"("id");
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_not_merged_into_self" CHECK ("merged_into_ticket_id" IS NULL OR "merged_into_ticket_id" <> "id");
