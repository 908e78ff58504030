ALTER TABLE "vendors" ADD COLUMN "wht_category" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "wht_payee_type" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "is_small_supplier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_rate_key" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_authority" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_wht_ck" CHECK ("order_payments"."wht_minor" >= 0 AND "order_payments"."wht_minor" <= "order_payments"."amount_minor");