-- Outgoing mail may carry its own headers: a ticket notification's Message-ID and Reply-To (docs/decisions/0046).
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;
--> statement-breakpoint
-- Who has a ticket page open, one row per open stream, kept fresh by the stream's heartbeat (docs/decisions/0047).
CREATE TABLE "ticket_viewers" (
	"stream_id" text PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_viewers_ticket_idx" ON "ticket_viewers" USING btree ("ticket_id", "seen_at");
--> statement-breakpoint
-- One mail answer becomes one comment: a relay that retries the same message after a lost reply adds nothing.
CREATE TABLE "ticket_mail_replies" (
	"message_id" text PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id") ON DELETE cascade,
	"received_at" timestamp with time zone NOT NULL
);
