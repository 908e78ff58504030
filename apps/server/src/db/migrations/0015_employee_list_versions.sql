ALTER TABLE "employee_live_counts" ADD COLUMN "changes" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The staff list's version (schema: employeeLiveCounts): every statement that changes what the list shows
-- appends a row. An update now always does (delta 0 when no employee became live or deleted), since a
-- changed name, number or department changes the list as much as a new employee does.
CREATE OR REPLACE FUNCTION "employee_live_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "employee_live_counts" ("business_id", "delta")
  SELECT "business_id", sum("d") FROM (
    SELECT "business_id", CASE WHEN "deleted_at" IS NULL THEN 1 ELSE 0 END AS "d" FROM "new_rows"
    UNION ALL
    SELECT "business_id", CASE WHEN "deleted_at" IS NULL THEN -1 ELSE 0 END FROM "old_rows"
  ) AS "changes" GROUP BY "business_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The list shows department, unit and designation names: renaming or deleting one changes it too.
CREATE FUNCTION "employee_list_names_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "employee_live_counts" ("business_id", "delta") VALUES (OLD."business_id", 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employee_list_departments_update" AFTER UPDATE ON "departments" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."unit_id" IS DISTINCT FROM NEW."unit_id")
  EXECUTE FUNCTION "employee_list_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_departments_delete" AFTER DELETE ON "departments" FOR EACH ROW EXECUTE FUNCTION "employee_list_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_units_update" AFTER UPDATE ON "units" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "employee_list_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_units_delete" AFTER DELETE ON "units" FOR EACH ROW EXECUTE FUNCTION "employee_list_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_designations_update" AFTER UPDATE ON "designations" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "employee_list_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_designations_delete" AFTER DELETE ON "designations" FOR EACH ROW EXECUTE FUNCTION "employee_list_names_changed"();
