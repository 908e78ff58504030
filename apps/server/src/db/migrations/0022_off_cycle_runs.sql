CREATE TABLE "payroll_off_cycle_items" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount" bigint,
	"percent_bp" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "payroll_runs_business_month_uq";--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "kind" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "off_cycle_base" text;--> statement-breakpoint
ALTER TABLE "payroll_off_cycle_items" ADD CONSTRAINT "payroll_off_cycle_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_off_cycle_items" ADD CONSTRAINT "payroll_off_cycle_items_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_off_cycle_items" ADD CONSTRAINT "payroll_off_cycle_items_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_off_cycle_items_run_idx" ON "payroll_off_cycle_items" USING btree ("run_id","employee_id");--> statement-breakpoint
CREATE INDEX "payroll_runs_business_month_idx" ON "payroll_runs" USING btree ("business_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_business_month_uq" ON "payroll_runs" USING btree ("business_id","month") WHERE kind = 'regular';