CREATE TABLE "inventory_items" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag_name" text NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"unit" text NOT NULL,
	"category" text,
	"quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"reorder_level" numeric(14, 3) DEFAULT '0' NOT NULL,
	"stock_value" bigint DEFAULT 0 NOT NULL,
	"last_unit_cost" bigint DEFAULT 0 NOT NULL,
	"reorder_alerted" boolean DEFAULT false NOT NULL,
	"collection_point_id" uuid,
	"department_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_quantity_ck" CHECK ("inventory_items"."quantity" >= 0),
	CONSTRAINT "inventory_items_value_ck" CHECK ("inventory_items"."stock_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "material_requisitions" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"tag_name" text NOT NULL,
	"collection_point_id" uuid,
	"source" text NOT NULL,
	"requested_by" text NOT NULL,
	"employee_number" text,
	"purpose" text DEFAULT '' NOT NULL,
	"needed_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_requisition_lines" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requisition_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"issued_quantity" numeric(14, 3)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" bigint NOT NULL,
	"value" bigint NOT NULL,
	"balance_after" numeric(14, 3) NOT NULL,
	"reference" text,
	"purpose" text,
	"employee_number" text NOT NULL,
	"tag_name" text NOT NULL,
	"collection_point_id" uuid,
	"requisition_id" uuid,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_requisitions" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag_name" text NOT NULL,
	"purpose" text NOT NULL,
	"destination" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"requested_by" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"truck_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_entries" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"truck_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"end_date" date,
	"litres" numeric(12, 3),
	"cost" bigint NOT NULL,
	"odometer_km" bigint,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plate_number" text NOT NULL,
	"model" text NOT NULL,
	"capacity" text NOT NULL,
	"fuel_type" text NOT NULL,
	"assigned_tag_name" text,
	"assigned_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_entries" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"expenses" bigint NOT NULL,
	"manager" text NOT NULL,
	"tag_name" text NOT NULL,
	"collection_point_id" uuid,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "energy_reports" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag_name" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"report" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"business_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_decisions_request_id_user_id_pk" PRIMARY KEY("request_id","user_id"),
	CONSTRAINT "approval_decisions_decision_ck" CHECK ("approval_decisions"."decision" in ('approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"title" text NOT NULL,
	"amount" bigint,
	"currency" text,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"total_approvals_required" integer NOT NULL,
	"approvals" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approval_requests_status_ck" CHECK ("approval_requests"."status" in ('pending', 'approved', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "approval_rule_approvers" (
	"business_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "approval_rule_approvers_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service" text NOT NULL,
	"total_approvals_required" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_required_ck" CHECK ("approval_rules"."total_approvals_required" >= 1)
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_collection_point_id_collection_points_id_fk" FOREIGN KEY ("collection_point_id") REFERENCES "public"."collection_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requisitions" ADD CONSTRAINT "material_requisitions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requisitions" ADD CONSTRAINT "material_requisitions_collection_point_id_collection_points_id_fk" FOREIGN KEY ("collection_point_id") REFERENCES "public"."collection_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requisition_lines" ADD CONSTRAINT "material_requisition_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requisition_lines" ADD CONSTRAINT "material_requisition_lines_requisition_id_material_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."material_requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requisition_lines" ADD CONSTRAINT "material_requisition_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_collection_point_id_collection_points_id_fk" FOREIGN KEY ("collection_point_id") REFERENCES "public"."collection_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_requisitions" ADD CONSTRAINT "fleet_requisitions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_requisitions" ADD CONSTRAINT "fleet_requisitions_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_entries" ADD CONSTRAINT "truck_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "truck_entries" ADD CONSTRAINT "truck_entries_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD CONSTRAINT "energy_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_entries" ADD CONSTRAINT "energy_entries_collection_point_id_collection_points_id_fk" FOREIGN KEY ("collection_point_id") REFERENCES "public"."collection_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_reports" ADD CONSTRAINT "energy_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_approvers" ADD CONSTRAINT "approval_rule_approvers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_approvers" ADD CONSTRAINT "approval_rule_approvers_rule_id_approval_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_approvers" ADD CONSTRAINT "approval_rule_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_items_business_tag_idx" ON "inventory_items" USING btree ("business_id","tag_name");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_business_sku_uq" ON "inventory_items" USING btree ("business_id",lower("sku")) WHERE "inventory_items"."sku" IS NOT NULL AND "inventory_items"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "material_requisitions_business_idx" ON "material_requisitions" USING btree ("business_id","tag_name","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "material_requisitions_number_uq" ON "material_requisitions" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "material_requisition_lines_req_idx" ON "material_requisition_lines" USING btree ("requisition_id");--> statement-breakpoint
CREATE INDEX "material_requisition_lines_item_idx" ON "material_requisition_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_reference_uq" ON "stock_movements" USING btree ("business_id","item_id","kind","reference") WHERE "stock_movements"."reference" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_movements_business_time_idx" ON "stock_movements" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_business_tag_idx" ON "stock_movements" USING btree ("business_id","tag_name","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "fleet_requisitions_business_idx" ON "fleet_requisitions" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "fleet_requisitions_truck_idx" ON "fleet_requisitions" USING btree ("truck_id","start_date");--> statement-breakpoint
CREATE INDEX "truck_entries_truck_idx" ON "truck_entries" USING btree ("business_id","truck_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "trucks_business_plate_uq" ON "trucks" USING btree ("business_id",upper("plate_number")) WHERE "trucks"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "energy_entries_business_date_idx" ON "energy_entries" USING btree ("business_id","date");--> statement-breakpoint
CREATE INDEX "energy_reports_business_idx" ON "energy_reports" USING btree ("business_id","tag_name","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_pending_subject_uq" ON "approval_requests" USING btree ("business_id","service","subject_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "approval_requests_business_status_idx" ON "approval_requests" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_subject_idx" ON "approval_requests" USING btree ("business_id","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_business_service_uq" ON "approval_rules" USING btree ("business_id","service");