-- Anonymous error reports are limited per address and hour (issue 9): the count reads this index.
CREATE INDEX "error_reports_anonymous_ip_idx" ON "error_reports" USING btree ("ip","created_at") WHERE "error_reports"."user_id" is null;
