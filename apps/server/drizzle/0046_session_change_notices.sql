-- Each app node keeps the sessions it has just resolved for a few seconds (docs/decisions/0068). Whatever a
-- session's actor is made of may change on another node, in a job, or by hand: the session itself, its user (and
-- an impersonating admin), the company and its flags, and the user's second factors. Every such change tells every
-- node, on commit, through this channel, and each node forgets all it holds. A session being seen again
-- (last_seen_at moving forward) is the one change that does not: it happens once a minute per session and
-- changes no actor.
CREATE OR REPLACE FUNCTION "notify_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_sessions_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed_row" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (NEW."last_seen_at" < OLD."last_seen_at" OR (to_jsonb(NEW) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(OLD) - 'last_seen_at'))
  EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_totp"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER INSERT OR UPDATE OR DELETE ON "webauthn_credentials"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_changed"();
