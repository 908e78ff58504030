CREATE TABLE "place_aliases" (
	"business_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"alias" text NOT NULL,
	"records" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"project_id" uuid,
	"address" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_site_project_ck" CHECK (("places"."kind" = 'site') = ("places"."project_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "stock_items" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"unit" text NOT NULL,
	"category" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "inventory_items_business_sku_uq";--> statement-breakpoint
ALTER TABLE "collection_points" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "stock_item_id" uuid;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "material_requisitions" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "fleet_requisitions" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "assigned_place_id" uuid;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "cost_projects" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "boqs" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "goods_received_lines" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "delivery_place_id" uuid;--> statement-breakpoint
ALTER TABLE "expense_claim_lines" ADD COLUMN "project_place_id" uuid;--> statement-breakpoint
-- Issue 34: the typed place names of every table become place records. Spellings that differ only in case or
-- spacing are one place (named by its most used spelling); each spelling is kept as an alias with its record count
-- for the owner's merge preview, and every migrated place waits as 'proposed' until the owner confirms it.
CREATE TEMP TABLE "_typed_places" ON COMMIT DROP AS
SELECT business_id, tag AS spelling, count(*)::int AS records FROM (
  SELECT business_id, tag_name AS tag FROM collection_points
  UNION ALL SELECT business_id, tag_name FROM inventory_items
  UNION ALL SELECT business_id, tag_name FROM stock_movements
  UNION ALL SELECT business_id, tag_name FROM material_requisitions
  UNION ALL SELECT business_id, tag_name FROM fleet_requisitions
  UNION ALL SELECT business_id, assigned_tag_name FROM trucks WHERE assigned_tag_name IS NOT NULL
  UNION ALL SELECT business_id, tag_name FROM energy_entries
  UNION ALL SELECT business_id, tag_name FROM cost_projects
  UNION ALL SELECT business_id, project_title FROM boqs
  UNION ALL SELECT business_id, project_tag FROM expense_claim_lines WHERE project_tag IS NOT NULL
) t WHERE btrim(tag) <> '' GROUP BY business_id, tag;--> statement-breakpoint
INSERT INTO "places" ("business_id", "kind", "name", "name_key", "status")
SELECT DISTINCT ON (business_id, lower(regexp_replace(btrim(spelling), '\s+', ' ', 'g'))) business_id, 'project', btrim(regexp_replace(spelling, '\s+', ' ', 'g')), lower(regexp_replace(btrim(spelling), '\s+', ' ', 'g')), 'proposed'
FROM "_typed_places" ORDER BY business_id, lower(regexp_replace(btrim(spelling), '\s+', ' ', 'g')), records DESC, spelling;--> statement-breakpoint
INSERT INTO "place_aliases" ("business_id", "place_id", "alias", "records")
SELECT t.business_id, p.id, t.spelling, t.records FROM "_typed_places" t
JOIN "places" p ON p.business_id = t.business_id AND p.name_key = lower(regexp_replace(btrim(t.spelling), '\s+', ' ', 'g'));--> statement-breakpoint
-- Stock with no place name at all is held in a store of that name.
INSERT INTO "places" ("business_id", "kind", "name", "name_key", "status")
SELECT DISTINCT business_id, 'store', 'Main store', 'main store', 'proposed' FROM inventory_items WHERE btrim(tag_name) = ''
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "collection_points" x SET "place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.tag_name), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "material_requisitions" x SET "place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.tag_name), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "fleet_requisitions" x SET "place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.tag_name), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "trucks" x SET "assigned_place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.assigned_tag_name), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "energy_entries" x SET "place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.tag_name), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "boqs" x SET "place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.project_title), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "expense_claim_lines" x SET "project_place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.project_tag), '\s+', ' ', 'g'));--> statement-breakpoint
-- cost_projects was unique by lower(tag) only: two rows may now name one place; the oldest keeps the link.
UPDATE "cost_projects" x SET "place_id" = p.id FROM "places" p WHERE p.business_id = x.business_id AND p.name_key = lower(regexp_replace(btrim(x.tag_name), '\s+', ' ', 'g'))
  AND x.id = (SELECT c.id FROM cost_projects c WHERE c.business_id = x.business_id AND lower(regexp_replace(btrim(c.tag_name), '\s+', ' ', 'g')) = p.name_key ORDER BY c.created_at, c.id LIMIT 1);--> statement-breakpoint
UPDATE "inventory_items" x SET "location_id" = p.id FROM "places" p
WHERE p.business_id = x.business_id AND p.name_key = CASE WHEN btrim(x.tag_name) = '' THEN 'main store' ELSE lower(regexp_replace(btrim(x.tag_name), '\s+', ' ', 'g')) END;--> statement-breakpoint
-- Each stock row's item becomes a master item with the same id (the spec's {id} keeps naming the stock row).
INSERT INTO "stock_items" ("business_id", "id", "name", "sku", "unit", "category", "deleted_at", "created_at", "updated_at")
SELECT business_id, id, name, sku, unit, category, deleted_at, created_at, updated_at FROM inventory_items;--> statement-breakpoint
UPDATE "inventory_items" SET "stock_item_id" = "id";--> statement-breakpoint
UPDATE "stock_movements" m SET "location_id" = i.location_id FROM "inventory_items" i WHERE i.id = m.item_id;--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "stock_item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "location_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "location_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "place_aliases" ADD CONSTRAINT "place_aliases_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_aliases" ADD CONSTRAINT "place_aliases_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_items" ADD CONSTRAINT "stock_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "place_aliases_uq" ON "place_aliases" USING btree ("business_id","place_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "places_business_key_uq" ON "places" USING btree ("business_id","name_key");--> statement-breakpoint
CREATE INDEX "places_business_kind_idx" ON "places" USING btree ("business_id","kind","name_key");--> statement-breakpoint
CREATE INDEX "places_project_idx" ON "places" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_items_business_sku_uq" ON "stock_items" USING btree ("business_id",lower("sku")) WHERE "stock_items"."sku" IS NOT NULL AND "stock_items"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_items_search_trgm_idx" ON "stock_items" USING gin (lower("name" || ' ' || coalesce("sku", '')) gin_trgm_ops) WITH (fastupdate=false) WHERE "stock_items"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "collection_points" ADD CONSTRAINT "collection_points_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_stock_item_id_stock_items_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."stock_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_location_id_places_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requisitions" ADD CONSTRAINT "material_requisitions_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_places_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_requisitions" ADD CONSTRAINT "fleet_requisitions_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_assigned_place_id_places_id_fk" FOREIGN KEY ("assigned_place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD CONSTRAINT "energy_entries_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_projects" ADD CONSTRAINT "cost_projects_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boqs" ADD CONSTRAINT "boqs_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_received_lines" ADD CONSTRAINT "goods_received_lines_location_id_places_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_delivery_place_id_places_id_fk" FOREIGN KEY ("delivery_place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_claim_lines" ADD CONSTRAINT "expense_claim_lines_project_place_id_places_id_fk" FOREIGN KEY ("project_place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_item_location_uq" ON "inventory_items" USING btree ("stock_item_id","location_id") WHERE "inventory_items"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "inventory_items_location_idx" ON "inventory_items" USING btree ("business_id","location_id");--> statement-breakpoint
CREATE INDEX "stock_movements_location_idx" ON "stock_movements" USING btree ("business_id","location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_projects_place_uq" ON "cost_projects" USING btree ("place_id");