CREATE TABLE "cost_projects" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag_name" text NOT NULL,
	"dept" text DEFAULT 'default' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"budget_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_records" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"date" date NOT NULL,
	"employee_name" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"row_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_summaries" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"summary" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_reports" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"tag_name" text,
	"text" text NOT NULL,
	"facts" jsonb NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"language" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cost_projects" ADD CONSTRAINT "cost_projects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_records" ADD CONSTRAINT "cost_records_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_records" ADD CONSTRAINT "cost_records_project_id_cost_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."cost_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_summaries" ADD CONSTRAINT "document_summaries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_payments" ADD CONSTRAINT "project_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_payments" ADD CONSTRAINT "project_payments_project_id_cost_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."cost_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_reports" ADD CONSTRAINT "ai_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_projects_tag_uq" ON "cost_projects" USING btree ("business_id",lower("tag_name"));--> statement-breakpoint
CREATE INDEX "cost_records_project_idx" ON "cost_records" USING btree ("business_id","project_id","date");--> statement-breakpoint
CREATE INDEX "cost_records_business_idx" ON "cost_records" USING btree ("business_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "cost_records_hash_uq" ON "cost_records" USING btree ("business_id","project_id","row_hash") WHERE "cost_records"."row_hash" is not null;--> statement-breakpoint
CREATE INDEX "document_summaries_business_idx" ON "document_summaries" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "project_payments_project_idx" ON "project_payments" USING btree ("business_id","project_id","date");--> statement-breakpoint
CREATE INDEX "ai_reports_business_idx" ON "ai_reports" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "announcements_business_idx" ON "announcements" USING btree ("business_id","created_at");