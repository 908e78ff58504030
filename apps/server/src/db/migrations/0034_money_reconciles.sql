CREATE TABLE "approval_delegations" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delegate_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_delegations_range_ck" CHECK ("approval_delegations"."ends_on" >= "approval_delegations"."starts_on"),
	CONSTRAINT "approval_delegations_self_ck" CHECK ("approval_delegations"."user_id" <> "approval_delegations"."delegate_id")
);
--> statement-breakpoint
CREATE TABLE "approval_rule_versions" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rule_versions_action_ck" CHECK ("approval_rule_versions"."action" in ('created', 'updated', 'retired'))
);
--> statement-breakpoint
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
CREATE TABLE "vendor_credit_notes" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_id" uuid,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_credit_notes_amount_ck" CHECK ("vendor_credit_notes"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "employee_project_allocations" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"percent_bp" integer NOT NULL,
	"effective_month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_project_allocations_bp_ck" CHECK ("employee_project_allocations"."percent_bp" > 0 AND "employee_project_allocations"."percent_bp" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "project_budgets" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_budgets_amount_ck" CHECK ("project_budgets"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_certificates" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" text NOT NULL,
	"certificate_date" date NOT NULL,
	"gross_minor" bigint NOT NULL,
	"retention_minor" bigint DEFAULT 0 NOT NULL,
	"wht_minor" bigint DEFAULT 0 NOT NULL,
	"other_deductions_minor" bigint DEFAULT 0 NOT NULL,
	"net_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"paid_date" date,
	"status" text DEFAULT 'billed' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_certificates_status_ck" CHECK ("project_certificates"."status" in ('billed', 'part-paid', 'paid')),
	CONSTRAINT "project_certificates_amounts_ck" CHECK ("project_certificates"."gross_minor" > 0 and "project_certificates"."net_minor" >= 0 and "project_certificates"."paid_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_contracts" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"contract_value_minor" bigint,
	"retention_bp" integer DEFAULT 0 NOT NULL,
	"wht_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_contracts_rates_ck" CHECK ("project_contracts"."retention_bp" between 0 and 10000 and "project_contracts"."wht_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ALTER COLUMN "unit_price_minor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ALTER COLUMN "line_total_minor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "truck_entries" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD COLUMN "on_behalf_of" uuid;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD COLUMN "on_behalf_of_name" text;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD COLUMN "bands" jsonb;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cost_records" ADD COLUMN "order_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "cost_records" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "project_payments" ADD COLUMN "certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "wht_category" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "wht_payee_type" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "is_small_supplier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_rate_key" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_authority" text;--> statement-breakpoint
ALTER TABLE "procurement_settings" ADD COLUMN "qty_tolerance_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_settings" ADD COLUMN "price_tolerance_bp" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "overridden_by" uuid;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "overridden_by_name" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "document_mime" text;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_versions" ADD CONSTRAINT "approval_rule_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_versions" ADD CONSTRAINT "approval_rule_versions_rule_id_approval_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_versions" ADD CONSTRAINT "approval_rule_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_import_batches" ADD CONSTRAINT "cost_import_batches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_import_batches" ADD CONSTRAINT "cost_import_batches_project_id_cost_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."cost_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_project_allocations" ADD CONSTRAINT "employee_project_allocations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_project_allocations" ADD CONSTRAINT "employee_project_allocations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_project_allocations" ADD CONSTRAINT "employee_project_allocations_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_budgets" ADD CONSTRAINT "project_budgets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_budgets" ADD CONSTRAINT "project_budgets_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_certificates" ADD CONSTRAINT "project_certificates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_certificates" ADD CONSTRAINT "project_certificates_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_delegations_delegate_idx" ON "approval_delegations" USING btree ("business_id","delegate_id","ends_on");--> statement-breakpoint
CREATE INDEX "approval_delegations_user_idx" ON "approval_delegations" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rule_versions_rule_version_uq" ON "approval_rule_versions" USING btree ("rule_id","version");--> statement-breakpoint
CREATE INDEX "approval_rule_versions_business_idx" ON "approval_rule_versions" USING btree ("business_id","rule_id");--> statement-breakpoint
CREATE INDEX "cost_import_batches_project_idx" ON "cost_import_batches" USING btree ("business_id","project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_credit_notes_number_uq" ON "vendor_credit_notes" USING btree ("business_id","invoice_id",lower("number"));--> statement-breakpoint
CREATE INDEX "vendor_credit_notes_invoice_idx" ON "vendor_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_project_allocations_uq" ON "employee_project_allocations" USING btree ("business_id","employee_id","effective_month","project_id");--> statement-breakpoint
CREATE INDEX "employee_project_allocations_employee_idx" ON "employee_project_allocations" USING btree ("business_id","employee_id","effective_month");--> statement-breakpoint
CREATE UNIQUE INDEX "project_budgets_category_uq" ON "project_budgets" USING btree ("business_id","project_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "project_certificates_number_uq" ON "project_certificates" USING btree ("business_id","project_id",lower("number"));--> statement-breakpoint
CREATE INDEX "project_certificates_project_idx" ON "project_certificates" USING btree ("business_id","project_id","certificate_date");--> statement-breakpoint
CREATE UNIQUE INDEX "project_contracts_project_uq" ON "project_contracts" USING btree ("business_id","project_id");--> statement-breakpoint
ALTER TABLE "truck_entries" ADD CONSTRAINT "truck_entries_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_records" ADD CONSTRAINT "cost_records_batch_id_cost_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cost_import_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_payments" ADD CONSTRAINT "project_payments_certificate_id_project_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."project_certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cost_records_batch_idx" ON "cost_records" USING btree ("batch_id") WHERE "cost_records"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_wht_ck" CHECK ("order_payments"."wht_minor" >= 0 AND "order_payments"."wht_minor" <= "order_payments"."amount_minor");--> statement-breakpoint
-- Lane quotes: quotes awarded whole before issue 35: every line of the quote went into its order.
UPDATE "quote_lines" ql SET "order_id" = q."order_id" FROM "quotes" q WHERE q."id" = ql."quote_id" AND q."status" = 'awarded' AND q."order_id" IS NOT NULL AND ql."order_id" IS NULL;
--> statement-breakpoint
-- Issue 35 (lane ledger) backfill: existing sources onto the project cost ledger. Idempotent (ON CONFLICT DO NOTHING on
-- the ledger's unique source key); amounts net of VAT; the category is projectCostCategoryOf (contract) in SQL, with
-- 'other' read as 'materials' for goods and stock as the services do.

-- 1. Orders delivered to a site are bought for that site's project.
UPDATE purchase_orders po SET project_id = p.project_id
  FROM places p
 WHERE p.id = po.delivery_place_id AND p.kind = 'site' AND p.project_id IS NOT NULL AND po.project_id IS NULL;
--> statement-breakpoint
-- 2. Approved regular orders on a project: each line's open (not yet received) part is committed. (Before issue 35 every
--    received line went into a stock location, so nothing received is actual: it became stock.)
INSERT INTO project_cost_entries (business_id, project_id, site_id, category, source_kind, source_id, source_key, stage, amount_minor, entry_date, description, reference)
SELECT po.business_id, po.project_id,
       CASE WHEN d.kind = 'site' AND d.project_id = po.project_id THEN d.id END,
       (CASE
    WHEN lower(btrim(l.item)) IN ('materials','labour','subcontract','plant-fuel','transport','energy','overheads') THEN lower(btrim(l.item))
    WHEN l.item ~* 'labou?r|wage|salar|payroll|casual|staff|artisan' THEN 'labour'
    WHEN l.item ~* 'sub-?contract|contractor|works?\y|consult' THEN 'subcontract'
    WHEN l.item ~* 'fuel|diesel|petrol|pms|ago\y|plant|equipment|generator|machine|hire' THEN 'plant-fuel'
    WHEN l.item ~* 'transport|haulage|logistic|truck|vehicle|freight|delivery' THEN 'transport'
    WHEN l.item ~* 'energy|electric|power|nepa|phcn|ecg|utility|utilities' THEN 'energy'
    WHEN l.item ~* 'material|cement|sand|granite|block|rod|steel|iron|timber|wood|paint|tile|pipe|gravel|stone|aggregate|nail|roof' THEN 'materials'
    WHEN l.item ~* 'overhead|admin|office|rent|insurance|permit|fee|levy|security|telephone|internet|stationer' THEN 'overheads'
    ELSE 'materials' END), 'purchase-order', po.id, l.id::text, 'committed',
       round(l.unit_price_minor::numeric * (l.quantity_milli - l.received_milli) / 1000)::bigint,
       (po.created_at AT TIME ZONE 'UTC')::date, left(l.item || ' (' || v.name || ')', 500), po.number
  FROM purchase_orders po
  JOIN places pr ON pr.id = po.project_id AND pr.kind = 'project'
  JOIN order_lines l ON l.order_id = po.id
  JOIN vendors v ON v.id = po.vendor_id
  LEFT JOIN places d ON d.id = po.delivery_place_id
 WHERE po.po_type = 'regular' AND po.approval_status = 'approved' AND l.quantity_milli > l.received_milli
   AND round(l.unit_price_minor::numeric * (l.quantity_milli - l.received_milli) / 1000) <> 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 3. Stock used or issued at a project or one of its sites: actual at the movement's moving-average value.
INSERT INTO project_cost_entries (business_id, project_id, site_id, category, source_kind, source_id, source_key, stage, amount_minor, entry_date, description, reference)
SELECT m.business_id, CASE WHEN pl.kind = 'project' THEN pl.id ELSE pl.project_id END, CASE WHEN pl.kind = 'site' THEN pl.id END,
       (CASE
    WHEN lower(btrim(i.name)) IN ('materials','labour','subcontract','plant-fuel','transport','energy','overheads') THEN lower(btrim(i.name))
    WHEN i.name ~* 'labou?r|wage|salar|payroll|casual|staff|artisan' THEN 'labour'
    WHEN i.name ~* 'sub-?contract|contractor|works?\y|consult' THEN 'subcontract'
    WHEN i.name ~* 'fuel|diesel|petrol|pms|ago\y|plant|equipment|generator|machine|hire' THEN 'plant-fuel'
    WHEN i.name ~* 'transport|haulage|logistic|truck|vehicle|freight|delivery' THEN 'transport'
    WHEN i.name ~* 'energy|electric|power|nepa|phcn|ecg|utility|utilities' THEN 'energy'
    WHEN i.name ~* 'material|cement|sand|granite|block|rod|steel|iron|timber|wood|paint|tile|pipe|gravel|stone|aggregate|nail|roof' THEN 'materials'
    WHEN i.name ~* 'overhead|admin|office|rent|insurance|permit|fee|levy|security|telephone|internet|stationer' THEN 'overheads'
    ELSE 'materials' END), 'stock-use', m.id, '', 'actual', m.value, (m.created_at AT TIME ZONE 'UTC')::date,
       left(trim(trailing '.' from trim(trailing '0' from m.quantity::text)) || ' ' || i.unit || ' ' || i.name || coalesce(' — ' || m.purpose, ''), 500),
       left(coalesce(m.reference_label, m.reference, m.tag_name), 120)
  FROM stock_movements m
  JOIN inventory_items i ON i.id = m.item_id
  JOIN places pl ON pl.id = m.location_id AND (pl.kind = 'project' OR (pl.kind = 'site' AND pl.project_id IS NOT NULL))
 WHERE m.kind IN ('usedstock', 'outstock') AND m.value > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 4. Fleet fuel and maintenance: charged to the truck's assigned place (as assigned today: the history of assignments
--    is not kept), when that is a project or one of its sites.
UPDATE truck_entries e SET place_id = t.assigned_place_id
  FROM trucks t
 WHERE t.id = e.truck_id AND e.place_id IS NULL AND t.assigned_place_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO project_cost_entries (business_id, project_id, site_id, category, source_kind, source_id, source_key, stage, amount_minor, entry_date, description, reference)
SELECT e.business_id, CASE WHEN pl.kind = 'project' THEN pl.id ELSE pl.project_id END, CASE WHEN pl.kind = 'site' THEN pl.id END,
       CASE WHEN e.kind = 'fuel' THEN 'plant-fuel' ELSE 'transport' END,
       CASE WHEN e.kind = 'fuel' THEN 'fleet-fuel' ELSE 'fleet-maintenance' END, e.id, '', 'actual', e.cost, e.date,
       left(CASE WHEN e.kind = 'fuel' THEN 'Fuel ' ELSE 'Maintenance ' END || t.plate_number || CASE WHEN e.note <> '' THEN ' — ' || e.note ELSE '' END, 500), left(t.plate_number, 120)
  FROM truck_entries e
  JOIN trucks t ON t.id = e.truck_id
  JOIN places pl ON pl.id = e.place_id AND (pl.kind = 'project' OR (pl.kind = 'site' AND pl.project_id IS NOT NULL))
 WHERE e.cost <> 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 5. Energy entries at a project or one of its sites.
INSERT INTO project_cost_entries (business_id, project_id, site_id, category, source_kind, source_id, source_key, stage, amount_minor, entry_date, description, reference)
SELECT e.business_id, CASE WHEN pl.kind = 'project' THEN pl.id ELSE pl.project_id END, CASE WHEN pl.kind = 'site' THEN pl.id END,
       'energy', 'energy', e.id, '', 'actual', e.expenses, e.date, left(e.quantity::text || ' ' || e.kind, 500), left(e.manager, 120)
  FROM energy_entries e
  JOIN places pl ON pl.id = e.place_id AND (pl.kind = 'project' OR (pl.kind = 'site' AND pl.project_id IS NOT NULL))
 WHERE e.expenses <> 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
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
-- Lane approvals: hand SQL appended at the end of 0034_approvals_bands.sql (after the generated statements).
--> statement-breakpoint
-- Existing rules start their history at version 1, as saved (flat: no bands).
INSERT INTO "approval_rule_versions" ("business_id", "rule_id", "version", "action", "snapshot", "changed_by_name", "created_at")
SELECT r."business_id", r."id", 1, 'created',
  jsonb_build_object('service', r."service", 'totalApprovalsRequired', r."total_approvals_required", 'bands', NULL,
    'approverIds', COALESCE((SELECT jsonb_agg(a."user_id") FROM "approval_rule_approvers" a WHERE a."rule_id" = r."id"), '[]'::jsonb)),
  'Before rule history', r."updated_at"
FROM "approval_rules" r;
