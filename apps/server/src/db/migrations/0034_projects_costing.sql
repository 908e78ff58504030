CREATE TABLE "project_budgets" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_budgets_amount_ck" CHECK ("project_budgets"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_certificates" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" text NOT NULL,
	"certificate_date" date NOT NULL,
	"gross_minor" bigint NOT NULL,
	"retention_minor" bigint DEFAULT 0 NOT NULL,
	"wht_minor" bigint DEFAULT 0 NOT NULL,
	"other_deductions_minor" bigint DEFAULT 0 NOT NULL,
	"net_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"paid_date" date,
	"status" text DEFAULT 'billed' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_certificates_status_ck" CHECK ("project_certificates"."status" in ('billed', 'part-paid', 'paid')),
	CONSTRAINT "project_certificates_amounts_ck" CHECK ("project_certificates"."gross_minor" > 0 and "project_certificates"."net_minor" >= 0 and "project_certificates"."paid_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_contracts" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"contract_value_minor" bigint,
	"retention_bp" integer DEFAULT 0 NOT NULL,
	"wht_bp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_contracts_rates_ck" CHECK ("project_contracts"."retention_bp" between 0 and 10000 and "project_contracts"."wht_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "project_payments" ADD COLUMN "certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "project_budgets" ADD CONSTRAINT "project_budgets_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_budgets" ADD CONSTRAINT "project_budgets_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_certificates" ADD CONSTRAINT "project_certificates_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_certificates" ADD CONSTRAINT "project_certificates_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contracts" ADD CONSTRAINT "project_contracts_project_id_places_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_budgets_category_uq" ON "project_budgets" USING btree ("business_id","project_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "project_certificates_number_uq" ON "project_certificates" USING btree ("business_id","project_id",lower("number"));--> statement-breakpoint
CREATE INDEX "project_certificates_project_idx" ON "project_certificates" USING btree ("business_id","project_id","certificate_date");--> statement-breakpoint
CREATE UNIQUE INDEX "project_contracts_project_uq" ON "project_contracts" USING btree ("business_id","project_id");--> statement-breakpoint
ALTER TABLE "project_payments" ADD CONSTRAINT "project_payments_certificate_id_project_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."project_certificates"("id") ON DELETE set null ON UPDATE no action;