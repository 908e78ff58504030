CREATE TABLE "complaint_policies" (
	"business_id" uuid NOT NULL,
	"category" text NOT NULL,
	"due_days" integer NOT NULL,
	"remind_days_before" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_policies_business_id_category_pk" PRIMARY KEY("business_id","category")
);
--> statement-breakpoint
CREATE TABLE "reminder_digests" (
	"business_id" uuid NOT NULL,
	"week" text NOT NULL,
	"items" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_digests_business_id_week_pk" PRIMARY KEY("business_id","week")
);
--> statement-breakpoint
CREATE TABLE "reminder_notices" (
	"business_id" uuid NOT NULL,
	"source" text NOT NULL,
	"item_key" text NOT NULL,
	"due_date" date NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_notices_business_id_source_item_key_due_date_pk" PRIMARY KEY("business_id","source","item_key","due_date")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "probation_end_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "contract_end_date" date;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD COLUMN "doc_type" text;--> statement-breakpoint
ALTER TABLE "employee_documents" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "about_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "assignee_user_id" uuid;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaint_policies" ADD CONSTRAINT "complaint_policies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD CONSTRAINT "reminder_digests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_notices" ADD CONSTRAINT "reminder_notices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_about_employee_id_employees_id_fk" FOREIGN KEY ("about_employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;