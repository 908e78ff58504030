ALTER TABLE "jobs" ADD COLUMN "key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_business_kind_key_uq" ON "jobs" USING btree ("business_id","kind","key") WHERE key IS NOT NULL;