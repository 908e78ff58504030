ALTER TABLE "quote_lines" ALTER COLUMN "unit_price_minor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ALTER COLUMN "line_total_minor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "wht_category" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "wht_payee_type" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "is_small_supplier" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_rate_key" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "wht_authority" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_wht_ck" CHECK ("order_payments"."wht_minor" >= 0 AND "order_payments"."wht_minor" <= "order_payments"."amount_minor");--> statement-breakpoint
-- Lane quotes: quotes awarded whole before issue 35: every line of the quote went into its order.
UPDATE "quote_lines" ql SET "order_id" = q."order_id" FROM "quotes" q WHERE q."id" = ql."quote_id" AND q."status" = 'awarded' AND q."order_id" IS NOT NULL AND ql."order_id" IS NULL;
