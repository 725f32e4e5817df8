CREATE TABLE "sandbox_board_ideas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_board_votes" (
	"idea_id" bigint NOT NULL REFERENCES "sandbox_board_ideas"("id") ON DELETE CASCADE,
	"voter_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_board_votes_idea_id_voter_id_pk" PRIMARY KEY("idea_id","voter_id")
);
--> statement-breakpoint
CREATE INDEX "sandbox_board_votes_voter_idx" ON "sandbox_board_votes" USING btree ("voter_id");
--> statement-breakpoint
-- The local board's starting ideas, as a hosted board would hold its own (docs/decisions/0033).
INSERT INTO "sandbox_board_ideas" ("title", "details", "created_at") VALUES
	('Restore single files from the web console', 'Browse a snapshot and download one file without a full restore.', '2026-11-01T00:00:00Z'),
	('Immutable backups for every storage vault', 'Object lock on by default for new vaults.', '2026-11-02T00:00:00Z'),
	('Daily report by email per company', 'A summary of failed and missed jobs each morning.', '2026-11-03T00:00:00Z');
