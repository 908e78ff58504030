CREATE TABLE "project_cost_entries" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"site_id" uuid,
	"category" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"source_key" text DEFAULT '' NOT NULL,
	"stage" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"entry_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_cost_entries_stage_ck" CHECK ("project_cost_entries"."stage" in ('committed', 'actual'))
);
--> statement-breakpoint
ALTER TABLE "project_cost_entries" ADD CONSTRAINT "project_cost_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_cost_entries" ADD CONSTRAINT "project_cost_entries_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_cost_entries" ADD CONSTRAINT "project_cost_entries_site_id_places_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_cost_entries_source_uq" ON "project_cost_entries" USING btree ("business_id","source_kind","source_id","source_key","stage");--> statement-breakpoint
CREATE INDEX "project_cost_entries_project_idx" ON "project_cost_entries" USING btree ("business_id","project_id","entry_date");--> statement-breakpoint
CREATE INDEX "project_cost_entries_date_idx" ON "project_cost_entries" USING btree ("business_id","entry_date");--> statement-breakpoint
-- Backfill (issue 35): every cost record of a project linked to a place is one actual ledger entry. The category is
-- mapped from the typed text by the same keywords as projectCostCategoryOf (contract projects.ts), in SQL.
INSERT INTO "project_cost_entries" ("business_id", "project_id", "site_id", "category", "source_kind", "source_id", "source_key", "stage", "amount_minor", "entry_date", "description", "reference")
SELECT r."business_id", cp."place_id", NULL,
  CASE
    WHEN lower(trim(r."category")) IN ('materials', 'labour', 'subcontract', 'plant-fuel', 'transport', 'energy', 'overheads', 'other') THEN lower(trim(r."category"))
    WHEN r."category" ~* 'labou?r|wage|salar|payroll|casual|staff|artisan' THEN 'labour'
    WHEN r."category" ~* 'sub-?contract|contractor|works?\M|consult' THEN 'subcontract'
    WHEN r."category" ~* 'fuel|diesel|petrol|pms|ago\M|plant|equipment|generator|machine|hire' THEN 'plant-fuel'
    WHEN r."category" ~* 'transport|haulage|logistic|truck|vehicle|freight|delivery' THEN 'transport'
    WHEN r."category" ~* 'energy|electric|power|nepa|phcn|ecg|utility|utilities' THEN 'energy'
    WHEN r."category" ~* 'material|cement|sand|granite|block|rod|steel|iron|timber|wood|paint|tile|pipe|gravel|stone|aggregate|nail|roof' THEN 'materials'
    WHEN r."category" ~* 'overhead|admin|office|rent|insurance|permit|fee|levy|security|telephone|internet|stationer' THEN 'overheads'
    ELSE 'other'
  END,
  CASE WHEN r."source" = 'expense-claim' THEN 'expense-claim' ELSE 'cost-record' END, r."id", '', 'actual', r."amount_minor", r."date", left(r."description", 500), r."source"
FROM "cost_records" r
JOIN "cost_projects" cp ON cp."id" = r."project_id"
JOIN "places" p ON p."id" = cp."place_id" AND p."kind" = 'project'
WHERE r."amount_minor" <> 0
ON CONFLICT DO NOTHING;
