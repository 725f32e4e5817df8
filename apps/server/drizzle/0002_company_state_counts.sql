CREATE TABLE "company_state_counts" (
	"state" "company_state" PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "company_state_counts" ("state", "n")
SELECT s, (SELECT count(*) FROM "companies" c WHERE c."current_state" = s)::int
FROM unnest(enum_range(NULL::"company_state")) AS s;
--> statement-breakpoint
CREATE FUNCTION "company_state_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "company_state_counts" c SET "n" = c."n" + d.k
    FROM (SELECT "current_state" AS s, count(*)::int AS k FROM new_rows GROUP BY 1) d WHERE c."state" = d.s;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "company_state_counts" c SET "n" = c."n" - d.k
    FROM (SELECT "current_state" AS s, count(*)::int AS k FROM old_rows GROUP BY 1) d WHERE c."state" = d.s;
  ELSE
    UPDATE "company_state_counts" c SET "n" = c."n" + d.k
    FROM (
      SELECT s, sum(k)::int AS k FROM (
        SELECT "current_state" AS s, count(*) AS k FROM new_rows GROUP BY 1
        UNION ALL
        SELECT "current_state", -count(*) FROM old_rows GROUP BY 1
      ) x GROUP BY s HAVING sum(k) <> 0
    ) d WHERE c."state" = d.s;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_state_counts_ins" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_state_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "company_state_counts_upd" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_state_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "company_state_counts_del" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "company_state_counts_apply"();
