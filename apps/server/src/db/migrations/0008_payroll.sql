CREATE TABLE "gross_changes" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"previous" bigint,
	"gross" bigint NOT NULL,
	"effective_date" date NOT NULL,
	"changed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_repayment_overrides" (
	"business_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"month" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "loan_repayment_overrides_loan_id_month_pk" PRIMARY KEY("loan_id","month")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"principal" bigint NOT NULL,
	"monthly_repayment" bigint NOT NULL,
	"start_month" text NOT NULL,
	"note" text,
	"balance" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_settings" (
	"business_id" uuid NOT NULL,
	"employee_id" uuid PRIMARY KEY NOT NULL,
	"split" jsonb,
	"bank_name" text,
	"bank_code" text,
	"account_number" text,
	"account_name" text,
	"pay_day" integer,
	"pension_base" text,
	"pension_rate_bp" integer,
	"pension_fund_administrator" text,
	"state_of_residence" text,
	"nhf" boolean DEFAULT false NOT NULL,
	"nhis_monthly" bigint DEFAULT 0 NOT NULL,
	"life_assurance_annual" bigint DEFAULT 0 NOT NULL,
	"rent_annual" bigint DEFAULT 0 NOT NULL,
	"mortgage_interest_annual" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"employee_number" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"department" text,
	"bank_name" text,
	"bank_code" text,
	"account_number" text,
	"account_name" text,
	"pension_fund_administrator" text,
	"state_of_residence" text,
	"gross" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"pension" bigint NOT NULL,
	"other_deductions" bigint NOT NULL,
	"allowance" bigint NOT NULL,
	"overtime" bigint NOT NULL,
	"loan_repayment" bigint NOT NULL,
	"iou" bigint NOT NULL,
	"employer_cost" bigint NOT NULL,
	"net" bigint NOT NULL,
	"result" json NOT NULL,
	"published_at" timestamp with time zone,
	"emailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payroll_run_members" (
	"business_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "payroll_run_members_run_id_employee_id_pk" PRIMARY KEY("run_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"computed_version" integer,
	"computed_at" timestamp with time zone,
	"job_id" uuid,
	"prepared_by_id" uuid,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_period_items" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gross_changes" ADD CONSTRAINT "gross_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gross_changes" ADD CONSTRAINT "gross_changes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_overrides" ADD CONSTRAINT "loan_repayment_overrides_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayment_overrides" ADD CONSTRAINT "loan_repayment_overrides_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD CONSTRAINT "pay_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD CONSTRAINT "pay_settings_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run_members" ADD CONSTRAINT "payroll_run_members_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run_members" ADD CONSTRAINT "payroll_run_members_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_run_members" ADD CONSTRAINT "payroll_run_members_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_prepared_by_id_users_id_fk" FOREIGN KEY ("prepared_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_items" ADD CONSTRAINT "pay_period_items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_items" ADD CONSTRAINT "pay_period_items_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gross_changes_employee_idx" ON "gross_changes" USING btree ("business_id","employee_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_employee_idx" ON "loans" USING btree ("business_id","employee_id");--> statement-breakpoint
CREATE INDEX "pay_settings_business_idx" ON "pay_settings" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lines_run_employee_uq" ON "payroll_lines" USING btree ("run_id","employee_id");--> statement-breakpoint
CREATE INDEX "payroll_lines_run_name_idx" ON "payroll_lines" USING btree ("business_id","run_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "payroll_lines_employee_idx" ON "payroll_lines" USING btree ("business_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_business_month_uq" ON "payroll_runs" USING btree ("business_id","month");--> statement-breakpoint
CREATE INDEX "pay_period_items_month_idx" ON "pay_period_items" USING btree ("business_id","month","employee_id");