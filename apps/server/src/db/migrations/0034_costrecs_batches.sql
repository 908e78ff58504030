CREATE TABLE "cost_import_batches" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"undone_by" text,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cost_records" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "cost_import_batches" ADD CONSTRAINT "cost_import_batches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_import_batches" ADD CONSTRAINT "cost_import_batches_project_id_cost_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."cost_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_import_batches_project_idx" ON "cost_import_batches" USING btree ("business_id","project_id","created_at");--> statement-breakpoint
ALTER TABLE "cost_records" ADD CONSTRAINT "cost_records_batch_id_cost_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cost_import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_records_batch_idx" ON "cost_records" USING btree ("batch_id") WHERE "cost_records"."batch_id" is not null;--> statement-breakpoint
-- costrecs (issue 35): re-hash imported cost rows the way backlogRowKey now does (ISO date; description and category
-- trimmed, lower-cased, inner white space made one space; the amount in minor units; the occurrence among identical
-- rows of the project counted again in the order they were added), so a re-import with formatted amounts matches them.
-- Two steps, so no intermediate value can meet another row's old hash on cost_records_hash_uq.
UPDATE cost_records c SET row_hash = 'rehash:' || n.new_hash
FROM (
  SELECT r.id, encode(sha256(convert_to(concat_ws(E'\x1f', r.date::text, r.k_desc, r.k_cat, r.amount_minor::text,
    (row_number() OVER (PARTITION BY r.business_id, r.project_id, r.date, r.k_desc, r.k_cat, r.amount_minor ORDER BY r.created_at, r.id) - 1)::text), 'UTF8')), 'hex') AS new_hash
  FROM (
    SELECT id, business_id, project_id, date, amount_minor, created_at,
      lower(regexp_replace(regexp_replace(description, '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g')) AS k_desc,
      lower(regexp_replace(regexp_replace(category, '^\s+|\s+$', '', 'g'), '\s+', ' ', 'g')) AS k_cat
    FROM cost_records WHERE row_hash ~ '^[0-9a-f]{64}$'
  ) r
) n
WHERE c.id = n.id;
--> statement-breakpoint
UPDATE cost_records SET row_hash = substr(row_hash, 8) WHERE row_hash LIKE 'rehash:%';
