CREATE TABLE "appraisal_configs" (
	"business_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"criteria" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_cycles" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"period" text NOT NULL,
	"due_date" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"criteria" jsonb NOT NULL,
	"scale_min" integer NOT NULL,
	"scale_max" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_forms" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"employee_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"superior_id" uuid,
	"employee_name" text NOT NULL,
	"designation" text,
	"reviewer_name" text NOT NULL,
	"superior_name" text,
	"owner_email" text NOT NULL,
	"scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_centi" integer,
	"comments" text DEFAULT '' NOT NULL,
	"countersign_comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"countersigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_links" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_reports" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid,
	"unit_name" text NOT NULL,
	"text" text NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"language" text NOT NULL,
	"facts" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appraisal_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"scale_min" integer DEFAULT 1 NOT NULL,
	"scale_max" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appraisal_configs" ADD CONSTRAINT "appraisal_configs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_configs" ADD CONSTRAINT "appraisal_configs_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_cycles" ADD CONSTRAINT "appraisal_cycles_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_cycles" ADD CONSTRAINT "appraisal_cycles_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_cycles" ADD CONSTRAINT "appraisal_cycles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_forms" ADD CONSTRAINT "appraisal_forms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_forms" ADD CONSTRAINT "appraisal_forms_cycle_id_appraisal_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."appraisal_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_forms" ADD CONSTRAINT "appraisal_forms_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_forms" ADD CONSTRAINT "appraisal_forms_reviewer_id_employees_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_forms" ADD CONSTRAINT "appraisal_forms_superior_id_employees_id_fk" FOREIGN KEY ("superior_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_links" ADD CONSTRAINT "appraisal_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_links" ADD CONSTRAINT "appraisal_links_form_id_appraisal_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."appraisal_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_reports" ADD CONSTRAINT "appraisal_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_reports" ADD CONSTRAINT "appraisal_reports_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_reports" ADD CONSTRAINT "appraisal_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_settings" ADD CONSTRAINT "appraisal_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_configs_department_uq" ON "appraisal_configs" USING btree ("business_id","department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_cycles_period_uq" ON "appraisal_cycles" USING btree ("business_id","department_id",lower("period"));--> statement-breakpoint
CREATE INDEX "appraisal_cycles_department_idx" ON "appraisal_cycles" USING btree ("business_id","department_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_forms_pair_uq" ON "appraisal_forms" USING btree ("cycle_id","kind","employee_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "appraisal_forms_cycle_idx" ON "appraisal_forms" USING btree ("business_id","cycle_id");--> statement-breakpoint
CREATE INDEX "appraisal_forms_employee_idx" ON "appraisal_forms" USING btree ("business_id","employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appraisal_links_hash_uq" ON "appraisal_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appraisal_links_form_idx" ON "appraisal_links" USING btree ("business_id","form_id");--> statement-breakpoint
CREATE INDEX "appraisal_reports_business_idx" ON "appraisal_reports" USING btree ("business_id","created_at");