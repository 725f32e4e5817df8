DROP INDEX "companies_distributor_idx";--> statement-breakpoint
CREATE INDEX "companies_primary_email_trgm_idx" ON "companies" USING gin ("primary_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_distributor_name_idx" ON "companies" USING btree ("distributor_id","company_name","id");--> statement-breakpoint
CREATE INDEX "companies_distributor_state_idx" ON "companies" USING btree ("distributor_id","current_state");