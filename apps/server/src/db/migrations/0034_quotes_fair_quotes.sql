ALTER TABLE "quote_lines" ALTER COLUMN "unit_price_minor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ALTER COLUMN "line_total_minor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_id" text;--> statement-breakpoint
-- Quotes awarded whole before issue 35: every line of the quote went into its order.
UPDATE "quote_lines" ql SET "order_id" = q."order_id" FROM "quotes" q WHERE q."id" = ql."quote_id" AND q."status" = 'awarded' AND q."order_id" IS NOT NULL AND ql."order_id" IS NULL;
