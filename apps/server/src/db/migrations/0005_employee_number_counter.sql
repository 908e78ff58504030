CREATE TABLE "employee_number_counters" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee_number_counters" ADD CONSTRAINT "employee_number_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing businesses continue after the highest automatic number they gave (deleted employees included).
INSERT INTO "employee_number_counters" ("business_id", "last_value")
SELECT "business_id", max(substring("employee_number" from 5)::bigint)
FROM "employees"
WHERE "employee_number" ~* '^EMP-([0-9]{5}|[1-9][0-9]{5,14})$'
GROUP BY "business_id";
