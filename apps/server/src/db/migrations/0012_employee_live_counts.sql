CREATE TABLE "employee_live_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employee_live_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "employee_live_counts_business_idx" ON "employee_live_counts" USING btree ("business_id");--> statement-breakpoint
-- The live count per business, kept by the database itself so no write path can forget it. One row per
-- statement that changes it (transition tables), so concurrent creates never queue on a counter row.
CREATE FUNCTION "employee_live_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "employee_live_counts" ("business_id", "delta")
  SELECT "business_id", count(*) FROM "new_rows" WHERE "deleted_at" IS NULL GROUP BY "business_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_live_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "employee_live_counts" ("business_id", "delta")
  SELECT "business_id", sum("d") FROM (
    SELECT "business_id", 1 AS "d" FROM "new_rows" WHERE "deleted_at" IS NULL
    UNION ALL
    SELECT "business_id", -1 FROM "old_rows" WHERE "deleted_at" IS NULL
  ) AS "changes" GROUP BY "business_id" HAVING sum("d") <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_live_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "employee_live_counts" ("business_id", "delta")
  SELECT "business_id", -count(*) FROM "old_rows" WHERE "deleted_at" IS NULL GROUP BY "business_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "employee_live_counts_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "employee_live_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employee_live_counts_insert" AFTER INSERT ON "employees" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "employee_live_counts_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "employee_live_counts_update" AFTER UPDATE ON "employees" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "employee_live_counts_on_update"();
--> statement-breakpoint
CREATE TRIGGER "employee_live_counts_delete" AFTER DELETE ON "employees" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "employee_live_counts_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "employee_live_counts_truncate" AFTER TRUNCATE ON "employees"
  FOR EACH STATEMENT EXECUTE FUNCTION "employee_live_counts_on_truncate"();
--> statement-breakpoint
INSERT INTO "employee_live_counts" ("business_id", "delta")
SELECT "business_id", count(*) FROM "employees" WHERE "deleted_at" IS NULL GROUP BY "business_id";
