CREATE TABLE "attendance_corrections" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"label" text NOT NULL,
	"check_in_time" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_geofence_exemptions" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid,
	"designation_id" uuid,
	"reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_mark_notes" (
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"by_name" text NOT NULL,
	"by_user_id" uuid,
	"before_label" text,
	"kind" text DEFAULT 'correction' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_mark_notes_business_id_employee_id_date_pk" PRIMARY KEY("business_id","employee_id","date")
);
--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_geofence_exemptions" ADD CONSTRAINT "attendance_geofence_exemptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_geofence_exemptions" ADD CONSTRAINT "attendance_geofence_exemptions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_geofence_exemptions" ADD CONSTRAINT "attendance_geofence_exemptions_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_mark_notes" ADD CONSTRAINT "attendance_mark_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_mark_notes" ADD CONSTRAINT "attendance_mark_notes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_corrections_employee_idx" ON "attendance_corrections" USING btree ("business_id","employee_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_corrections_pending_uq" ON "attendance_corrections" USING btree ("business_id","employee_id","date") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_geofence_exemptions_employee_uq" ON "attendance_geofence_exemptions" USING btree ("business_id","employee_id") WHERE employee_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_geofence_exemptions_designation_uq" ON "attendance_geofence_exemptions" USING btree ("business_id","designation_id") WHERE designation_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "attendance_mark_notes_date_idx" ON "attendance_mark_notes" USING btree ("business_id","date");