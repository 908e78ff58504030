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
CREATE INDEX "truck_trips_truck_idx" ON "truck_trips" USING btree ("business_id","truck_id","date");--> statement-breakpoint
ALTER TABLE "energy_entries" ADD CONSTRAINT "energy_entries_asset_id_trucks_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."trucks"("id") ON DELETE set null ON UPDATE no action;