CREATE TABLE "designations" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"gender" text,
	"date_of_birth" date,
	"address" text,
	"next_of_kin_name" text,
	"next_of_kin_phone" text,
	"employment_type" text DEFAULT 'full-time' NOT NULL,
	"start_date" date DEFAULT CURRENT_DATE NOT NULL,
	"department_id" uuid,
	"designation_id" uuid,
	"gross_income" bigint,
	"photo_key" text,
	"appraiser_id" uuid,
	"superior_id" uuid,
	"upline_id" uuid,
	"portal_code" text NOT NULL,
	"portal_code_version" integer DEFAULT 0 NOT NULL,
	"employee_unique_code" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || employee_number)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "department_files" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"storage_key" text,
	"mime" text,
	"size" integer,
	"position" integer NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_documents" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_kind" text NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_notes" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"text_data" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"payload" jsonb,
	"result" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collection_points" ADD COLUMN "code_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designations" ADD CONSTRAINT "designations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_designation_id_designations_id_fk" FOREIGN KEY ("designation_id") REFERENCES "public"."designations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_appraiser_id_employees_id_fk" FOREIGN KEY ("appraiser_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_superior_id_employees_id_fk" FOREIGN KEY ("superior_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_upline_id_employees_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_files" ADD CONSTRAINT "department_files_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_files" ADD CONSTRAINT "department_files_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD CONSTRAINT "employee_documents_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_notes" ADD CONSTRAINT "employee_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_notes" ADD CONSTRAINT "employee_notes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "designations_business_name_uq" ON "designations" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "employees_business_email_uq" ON "employees" USING btree ("business_id",lower("email")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_business_number_uq" ON "employees" USING btree ("business_id",lower("employee_number")) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_portal_code_uq" ON "employees" USING btree ("portal_code");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_unique_code_uq" ON "employees" USING btree ("employee_unique_code");--> statement-breakpoint
CREATE INDEX "employees_business_name_idx" ON "employees" USING btree ("business_id",lower("first_name"),lower("last_name"),"id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employees_business_start_idx" ON "employees" USING btree ("business_id","start_date","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employees_business_created_idx" ON "employees" USING btree ("business_id","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employees_business_department_idx" ON "employees" USING btree ("business_id","department_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employees_business_designation_idx" ON "employees" USING btree ("business_id","designation_id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "employees_business_upline_idx" ON "employees" USING btree ("business_id","upline_id");--> statement-breakpoint
CREATE INDEX "department_files_department_idx" ON "department_files" USING btree ("business_id","department_id","position");--> statement-breakpoint
CREATE INDEX "employee_documents_employee_idx" ON "employee_documents" USING btree ("business_id","employee_id","created_at");--> statement-breakpoint
CREATE INDEX "employee_notes_employee_idx" ON "employee_notes" USING btree ("business_id","employee_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_business_created_idx" ON "jobs" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","created_at") WHERE status IN ('queued', 'running');