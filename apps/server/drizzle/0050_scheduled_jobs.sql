-- Each scheduled job's latest run, one row per job, written by the scheduler on every node after each run, for the
-- admins' job status screen (docs/decisions/0079). The last error stays until the next failure replaces it.
CREATE TABLE "scheduled_jobs" (
  "name" text PRIMARY KEY,
  "last_started_at" timestamp with time zone,
  "last_duration_ms" integer,
  "last_rows" integer,
  "last_succeeded" boolean,
  "last_error" text,
  "last_error_at" timestamp with time zone
);
