CREATE TABLE "truck_trips" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"truck_id" uuid NOT NULL,
	"date" date NOT NULL,
	"driver_employee_id" uuid,
	"from_text" text DEFAULT '' NOT NULL,
	"to_text" text DEFAULT '' NOT NULL,
	"place_id" uuid,
	"start_km" bigint NOT NULL,
	"end_km" bigint NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_return_lines" (
	"business_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"location_id" uuid,
	"quantity_milli" bigint NOT NULL,
	CONSTRAINT "goods_return_lines_return_id_line_id_pk" PRIMARY KEY("return_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "goods_returns" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"grn_id" uuid NOT NULL,
	"returned_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"count_approval_threshold" bigint DEFAULT 5000000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_requests" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"stock_item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"place_id" uuid,
	"requisition_id" uuid,
	"requisition_line_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"count_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"expected_quantity" numeric(14, 3) NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"counted_quantity" numeric(14, 3),
	"reason" text,
	"snapshot_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"place_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"variance_value" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transfer_id" uuid NOT NULL,
	"stock_item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"sent_value" bigint DEFAULT 0 NOT NULL,
	"received_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"received_value" bigint DEFAULT 0 NOT NULL,
	"returned_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"returned_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_transfer_lines_quantity_ck" CHECK ("stock_transfer_lines"."quantity" > 0 AND "stock_transfer_lines"."received_quantity" + "stock_transfer_lines"."returned_quantity" <= "stock_transfer_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"from_place_id" uuid NOT NULL,
	"to_place_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"requisition_id" uuid,
	"created_by" text NOT NULL,
	"dispatched_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_requisition_lines" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "conversions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "material_requisition_lines" ADD COLUMN "stock_item_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "employee_name" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "reference_label" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "device_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "truck_entries" ADD COLUMN "is_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "kind" text DEFAULT 'truck' NOT NULL;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "driver_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "driver_licence_expiry" date;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "insurance_expiry" date;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "roadworthiness_expiry" date;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "hackney_permit_expiry" date;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "service_interval_km" integer;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "service_interval_months" integer;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "last_service_date" date;--> statement-breakpoint
ALTER TABLE "trucks" ADD COLUMN "last_service_km" bigint;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD COLUMN "kind" text DEFAULT 'diesel' NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD COLUMN "asset_id" uuid;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD COLUMN "running_hours" numeric(10, 1);--> statement-breakpoint
ALTER TABLE "truck_trips" ADD CONSTRAINT "truck_trips_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_trips" ADD CONSTRAINT "truck_trips_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_trips" ADD CONSTRAINT "truck_trips_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_return_id_goods_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."goods_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_location_id_places_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_grn_id_goods_received_id_fk" FOREIGN KEY ("grn_id") REFERENCES "public"."goods_received"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD CONSTRAINT "inventory_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_stock_item_id_stock_items_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."stock_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_requisition_id_material_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."material_requisitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_requisition_line_id_material_requisition_lines_id_fk" FOREIGN KEY ("requisition_line_id") REFERENCES "public"."material_requisition_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_stock_item_id_stock_items_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."stock_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_place_id_places_id_fk" FOREIGN KEY ("from_place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_place_id_places_id_fk" FOREIGN KEY ("to_place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_requisition_id_material_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."material_requisitions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "truck_trips_truck_idx" ON "truck_trips" USING btree ("business_id","truck_id","date");--> statement-breakpoint
CREATE INDEX "goods_returns_order_idx" ON "goods_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "goods_returns_grn_idx" ON "goods_returns" USING btree ("grn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_requests_number_uq" ON "purchase_requests" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "purchase_requests_business_idx" ON "purchase_requests" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE INDEX "stock_count_lines_count_idx" ON "stock_count_lines" USING btree ("count_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_number_uq" ON "stock_counts" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "stock_counts_business_idx" ON "stock_counts" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_transfer_lines_transfer_idx" ON "stock_transfer_lines" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_transfers_number_uq" ON "stock_transfers" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "stock_transfers_business_idx" ON "stock_transfers" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "material_requisition_lines" ADD CONSTRAINT "material_requisition_lines_stock_item_id_stock_items_id_fk" FOREIGN KEY ("stock_item_id") REFERENCES "public"."stock_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD CONSTRAINT "energy_entries_asset_id_trucks_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trucks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 34 (transfers): requisition lines name their master item; old lines take their stock row's.
UPDATE "material_requisition_lines" l SET "stock_item_id" = i."stock_item_id" FROM "inventory_items" i WHERE i."id" = l."item_id" AND l."stock_item_id" IS NULL;--> statement-breakpoint
-- Readable references for past receipts (issue 34): "GRN <uuid> line <uuid>" reads as the order number and the GRN's date.
UPDATE "stock_movements" m SET "reference_label" = po."number" || ' · GRN ' || to_char(g."received_date", 'YYYY-MM-DD')
FROM "goods_received" g JOIN "purchase_orders" po ON po."id" = g."order_id"
WHERE m."reference" LIKE 'GRN % line %' AND g."id"::text = split_part(m."reference", ' ', 2);--> statement-breakpoint
-- Who recorded past movements: the user's name where the actor was a user.
UPDATE "stock_movements" m SET "actor_name" = u."user_name" FROM "users" u WHERE m."actor_kind" = 'user' AND u."id" = m."actor_id";
