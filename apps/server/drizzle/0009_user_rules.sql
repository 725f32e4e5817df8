-- A distributor's custom support and billing links were accepted with any scheme (javascript:, data:) and
-- are shown to its sub-accounts as links: clear every one that is not a web address (issue 9). The
-- contract now takes only http and https, and refuses to answer with anything else.
UPDATE "distributor_settings" SET "custom_support_url" = NULL WHERE "custom_support_url" !~* '^https?://';--> statement-breakpoint
UPDATE "distributor_settings" SET "custom_billing_url" = NULL WHERE "custom_billing_url" !~* '^https?://';
