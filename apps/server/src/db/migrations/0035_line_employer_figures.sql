ALTER TABLE "payroll_lines" ADD COLUMN "employer_pension" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "employer_nsitf" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "employer_itf" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "employer_tier3" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lines stored before: their figures from the stored statutory block, read once per line (as the run totals read them);
-- a line without one (stored before issue 31) counts its employer_cost as pension.
UPDATE "payroll_lines" l SET "employer_pension" = coalesce(s."pensionEmployer", l."employer_cost"), "employer_nsitf" = coalesce(s."nsitf", 0),
  "employer_itf" = coalesce(s."itf", 0), "employer_tier3" = coalesce(s."tier3Employer", 0)
FROM "payroll_lines" l2 LEFT JOIN LATERAL json_to_record(l2."result"->'breakdown'->'statutory')
  AS s("pensionEmployer" bigint, "nsitf" bigint, "itf" bigint, "tier3Employer" bigint) ON true
WHERE l2."id" = l."id";
