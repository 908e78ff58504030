CREATE TABLE "vendor_credit_notes" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_id" uuid,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_credit_notes_amount_ck" CHECK ("vendor_credit_notes"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "procurement_settings" ADD COLUMN "qty_tolerance_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_settings" ADD COLUMN "price_tolerance_bp" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "overridden_by" uuid;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "overridden_by_name" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_credit_notes" ADD CONSTRAINT "vendor_credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_credit_notes_number_uq" ON "vendor_credit_notes" USING btree ("business_id","invoice_id",lower("number"));--> statement-breakpoint
CREATE INDEX "vendor_credit_notes_invoice_idx" ON "vendor_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;