-- API tokens (issue 17, docs/decisions/0030). Only the SHA-256 of a token is stored; `prefix` is its
-- first characters, shown masked in the list so the owner can tell tokens apart.
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"last_event_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_unique" ON "api_tokens" ("token_hash");
--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" ("user_id", "created_at");
