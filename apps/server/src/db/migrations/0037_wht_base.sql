ALTER TABLE "order_payments" ADD COLUMN "wht_base_minor" bigint;--> statement-breakpoint
-- Payments taxed before: their rate was applied to the whole payment, so that is their base.
UPDATE "order_payments" SET "wht_base_minor" = "amount_minor" WHERE "wht_rate_key" IS NOT NULL;
