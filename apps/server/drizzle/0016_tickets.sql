-- Support tickets (issue 15): tickets, their comments, staff notes, the update timeline, the tag catalogue
-- and each ticket's tags, assignees and attachments. Written by hand to match domains/tickets/tables.ts.
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"created_by_user_id" integer REFERENCES "users"("id"),
	"direction" text DEFAULT 'incoming' NOT NULL,
	"subject" text NOT NULL,
	"type" smallint NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text DEFAULT 'Default' NOT NULL,
	"escalation" smallint DEFAULT 1 NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"server_operating_system" text DEFAULT '' NOT NULL,
	"server_version" text DEFAULT '' NOT NULL,
	"server_is_outdated" boolean DEFAULT false NOT NULL,
	"reminder_period" smallint DEFAULT 7 NOT NULL,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"bump_count" integer DEFAULT 0 NOT NULL,
	"updated_by_user_id" integer REFERENCES "users"("id"),
	"updated_by_support" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" integer REFERENCES "users"("id"),
	"closed_reason" text,
	"closed_other_reason" text,
	"closed_resolution" text,
	"search" tsvector NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tickets_escalation" CHECK ("tickets"."escalation" between 1 and 3),
	CONSTRAINT "tickets_reminder_period" CHECK ("tickets"."reminder_period" between 1 and 31),
	CONSTRAINT "tickets_direction" CHECK ("tickets"."direction" in ('incoming', 'outgoing')),
	CONSTRAINT "tickets_status" CHECK ("tickets"."status" in ('New', 'Answered', 'Awaiting response', 'Solved unconfirmed',
		'Need investigation', 'Need decision', 'Need development (feature)', 'Need development (bug)', 'Needs review', 'Escalated', 'On hold')),
	CONSTRAINT "tickets_priority" CHECK ("tickets"."priority" in ('Critical', 'Important', 'Needs Response', 'Default', 'Low', 'Frozen')),
	CONSTRAINT "tickets_closed_reason" CHECK ("tickets"."closed_reason" is null or "tickets"."closed_reason" in ('resolved', 'expired', 'other'))
);
--> statement-breakpoint
CREATE INDEX "tickets_company_idx" ON "tickets" USING btree ("company_id", "open", "updated_at" DESC);--> statement-breakpoint
CREATE INDEX "tickets_open_updated_idx" ON "tickets" USING btree ("open", "updated_at" DESC);--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("search");--> statement-breakpoint
CREATE INDEX "tickets_remind_idx" ON "tickets" USING btree ("remind_at") WHERE "tickets"."open";--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"is_support_user" boolean NOT NULL,
	"is_markdown" boolean DEFAULT true NOT NULL,
	"comment" text NOT NULL,
	"comment_html" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id", "id");--> statement-breakpoint
CREATE TABLE "ticket_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"note" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_notes_ticket_idx" ON "ticket_notes" USING btree ("ticket_id", "id");--> statement-breakpoint
CREATE TABLE "ticket_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"type" text NOT NULL,
	"old_state" text,
	"new_state" text,
	"added" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_updates_ticket_idx" ON "ticket_updates" USING btree ("ticket_id", "id");--> statement-breakpoint
CREATE TABLE "ticket_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"color" text DEFAULT '808080' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_tags_color" CHECK ("ticket_tags"."color" ~ '^[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_tags_tag_uq" ON "ticket_tags" USING btree (lower("tag"));--> statement-breakpoint
CREATE TABLE "ticket_tag_links" (
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id"),
	"tag_id" integer NOT NULL REFERENCES "ticket_tags"("id"),
	CONSTRAINT "ticket_tag_links_pk" PRIMARY KEY ("ticket_id", "tag_id")
);
--> statement-breakpoint
CREATE INDEX "ticket_tag_links_tag_idx" ON "ticket_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE TABLE "ticket_assignees" (
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	CONSTRAINT "ticket_assignees_pk" PRIMARY KEY ("ticket_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "ticket_assignees_user_idx" ON "ticket_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"uploaded_by_user_id" integer REFERENCES "users"("id"),
	"ticket_id" integer REFERENCES "tickets"("id"),
	"comment_id" bigint REFERENCES "ticket_comments"("id"),
	"filename" text NOT NULL,
	"filesize" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_attachments_size" CHECK ("ticket_attachments"."filesize" >= 0 and "ticket_attachments"."filesize" < 500000000)
);
--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_comment_idx" ON "ticket_attachments" USING btree ("comment_id");--> statement-breakpoint
-- Published for the tickets domain by tenancy: what a ticket list row and view show of the company.
CREATE VIEW "ticket_companies" AS
SELECT c."id" AS "company_id", c."company_name", c."current_state"::text AS "current_state", c."is_vip"
FROM "companies" c;
