-- The request rate limit's counters, shared by every app node (docs/decisions/0052): one row per client key,
-- counting the requests of its current window. A row is reused when its window has ended.
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" ("window_started_at");
