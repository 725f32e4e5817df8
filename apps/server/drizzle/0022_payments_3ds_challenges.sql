-- A charge's 3-D Secure challenge is a sandbox session that names the charge it decides (docs/decisions/0041).
ALTER TABLE "sandbox_gateway_sessions" ADD COLUMN "transaction_id" text;
--> statement-breakpoint
CREATE INDEX "sandbox_gateway_sessions_transaction_idx" ON "sandbox_gateway_sessions" ("transaction_id");
