CREATE TABLE "pay_structures" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"split" jsonb,
	"pension_base" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_pay_items" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"structure_id" uuid,
	"employee_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint,
	"percent_bp" integer,
	"base" text DEFAULT 'basic' NOT NULL,
	"from_month" text NOT NULL,
	"to_month" text,
	"is_taxable" boolean DEFAULT true NOT NULL,
	"is_pensionable" boolean DEFAULT false NOT NULL,
	"is_pre_tax" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_pay_items_owner_ck" CHECK (("recurring_pay_items"."structure_id" IS NULL) <> ("recurring_pay_items"."employee_id" IS NULL)),
	CONSTRAINT "recurring_pay_items_value_ck" CHECK (("recurring_pay_items"."amount" IS NULL) <> ("recurring_pay_items"."percent_bp" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "proration_basis" text DEFAULT 'calendar' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "pays_out_leave" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "unpaid_absences" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "start_date_given" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "exit_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "exit_reason" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "exit_note" text;--> statement-breakpoint
ALTER TABLE "attendance_suspensions" ADD COLUMN "is_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "is_paid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "structure_id" uuid;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "earnings" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD COLUMN "period_deductions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_structures" ADD CONSTRAINT "pay_structures_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_pay_items" ADD CONSTRAINT "recurring_pay_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_pay_items" ADD CONSTRAINT "recurring_pay_items_structure_id_pay_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."pay_structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_pay_items" ADD CONSTRAINT "recurring_pay_items_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_structures_name_uq" ON "pay_structures" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pay_structures_default_uq" ON "pay_structures" USING btree ("business_id","country") WHERE "pay_structures"."is_default";--> statement-breakpoint
CREATE INDEX "recurring_pay_items_structure_idx" ON "recurring_pay_items" USING btree ("business_id","structure_id");--> statement-breakpoint
CREATE INDEX "recurring_pay_items_employee_idx" ON "recurring_pay_items" USING btree ("business_id","employee_id");--> statement-breakpoint
ALTER TABLE "pay_settings" ADD CONSTRAINT "pay_settings_structure_id_pay_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."pay_structures"("id") ON DELETE set null ON UPDATE no action;