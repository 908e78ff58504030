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
ALTER TABLE "truck_entries" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "cost_records" ADD COLUMN "order_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "employee_project_allocations" ADD CONSTRAINT "employee_project_allocations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_project_allocations" ADD CONSTRAINT "employee_project_allocations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_project_allocations" ADD CONSTRAINT "employee_project_allocations_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_project_allocations_uq" ON "employee_project_allocations" USING btree ("business_id","employee_id","effective_month","project_id");--> statement-breakpoint
CREATE INDEX "employee_project_allocations_employee_idx" ON "employee_project_allocations" USING btree ("business_id","employee_id","effective_month");--> statement-breakpoint
ALTER TABLE "truck_entries" ADD CONSTRAINT "truck_entries_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;