CREATE TABLE "business_security" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_two_factor" (
	"business_id" uuid NOT NULL,
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject" text DEFAULT 'settings' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "portal_pin_hash" text;--> statement-breakpoint
ALTER TABLE "attendance_checkins" ADD COLUMN "check_in_review" text;--> statement-breakpoint
ALTER TABLE "business_security" ADD CONSTRAINT "business_security_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_two_factor" ADD CONSTRAINT "user_two_factor_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_two_factor" ADD CONSTRAINT "user_two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_recovery_codes_user_idx" ON "user_recovery_codes" USING btree ("user_id");--> statement-breakpoint
-- hand-written (h1)
-- Portal and employee codes are kept as their sha256 (hex) from now on; existing codes still work because
-- sign-in hashes what the employee types. A 10-character code is a clear one (a hash is 64 characters).
UPDATE "employees" SET "portal_code" = encode(sha256(convert_to("portal_code", 'UTF8')), 'hex') WHERE length("portal_code") <> 64;--> statement-breakpoint
UPDATE "employees" SET "employee_unique_code" = encode(sha256(convert_to("employee_unique_code", 'UTF8')), 'hex') WHERE length("employee_unique_code") <> 64;
--> statement-breakpoint
-- hand-written (h2)
-- Issue 29: each stored notification gets the subject of its category (the others stay 'settings': owner and Settings-access).
UPDATE "notifications" SET "subject" = CASE "category"
  WHEN 'HR' THEN 'people' WHEN 'Accounts' THEN 'pay' WHEN 'Payroll' THEN 'pay' WHEN 'Procurement' THEN 'procurement'
  WHEN 'Inventory' THEN 'inventory' WHEN 'Fleet' THEN 'inventory' WHEN 'Announcements' THEN 'general' ELSE 'settings' END;
--> statement-breakpoint
-- Sensitive bodies leave the stored texts: a complaint's text and resolution note, a suspension's reason, appraisal scores.
UPDATE "notifications" SET
  "message" = regexp_replace("message", ': .*$', ''),
  "params" = CASE WHEN "params" IS NULL THEN NULL ELSE "params" - 'detail' - 'note' - 'reason' END
WHERE "action_type" IN ('Complaint filed', 'Complaint resolved', 'Complaint overdue', 'Suspension') AND "author_id" IS NULL;
--> statement-breakpoint
UPDATE "notifications" SET
  "message" = regexp_replace("message", ': [-0-9.]+ of [-0-9.]+ \(', ' ('),
  "params" = CASE WHEN "params" IS NULL THEN NULL ELSE "params" - 'score' - 'max' END
WHERE "action_type" = 'Appraisal submitted' AND "author_id" IS NULL;
