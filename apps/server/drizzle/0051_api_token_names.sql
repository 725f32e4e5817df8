-- An API token gets a name its user chooses, so tokens can be told apart in the list (docs/decisions/0085);
-- the tokens made before have none.
ALTER TABLE "api_tokens" ADD COLUMN IF NOT EXISTS "name" text DEFAULT '' NOT NULL;
