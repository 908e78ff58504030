CREATE TABLE "remittance_reminders" (
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"reminder" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remittance_reminders_business_id_kind_payee_period_reminder_pk" PRIMARY KEY("business_id","kind","payee","period","reminder")
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"paid_on" date NOT NULL,
	"receipt_path" text,
	"receipt_name" text,
	"receipt_mime" text,
	"note" text,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by_id" uuid,
	"void_reason" text
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "rc_number" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "employer_tin" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "state_or_region" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "pencom_employer_code" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "nsitf_number" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "itf_number" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "ssnit_employer_number" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "employer_pension_rate_bp" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "is_itf_liable" boolean;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "rsa_pin" text;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "nhf_number" text;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "ghana_card_number" text;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "ssnit_number" text;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "tier3_employee_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD COLUMN "tier3_employer_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "remittance_reminders" ADD CONSTRAINT "remittance_reminders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_voided_by_id_users_id_fk" FOREIGN KEY ("voided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remittances_period_idx" ON "remittances" USING btree ("business_id","period","kind");--> statement-breakpoint
-- One spelling per state (issue 31): "lagos", "Lagos State", " LAGOS " become "Lagos", as normalizeNgState does. Unknown text stays for the owner to fix.
UPDATE "pay_settings" s SET "state_of_residence" = v.name
FROM (VALUES ('abia', 'Abia'), ('adamawa', 'Adamawa'), ('akwaibom', 'Akwa Ibom'), ('anambra', 'Anambra'), ('bauchi', 'Bauchi'), ('bayelsa', 'Bayelsa'), ('benue', 'Benue'), ('borno', 'Borno'), ('crossriver', 'Cross River'), ('delta', 'Delta'), ('ebonyi', 'Ebonyi'), ('edo', 'Edo'), ('ekiti', 'Ekiti'), ('enugu', 'Enugu'), ('fct', 'FCT'), ('gombe', 'Gombe'), ('imo', 'Imo'), ('jigawa', 'Jigawa'), ('kaduna', 'Kaduna'), ('kano', 'Kano'), ('katsina', 'Katsina'), ('kebbi', 'Kebbi'), ('kogi', 'Kogi'), ('kwara', 'Kwara'), ('lagos', 'Lagos'), ('nasarawa', 'Nasarawa'), ('niger', 'Niger'), ('ogun', 'Ogun'), ('ondo', 'Ondo'), ('osun', 'Osun'), ('oyo', 'Oyo'), ('plateau', 'Plateau'), ('rivers', 'Rivers'), ('sokoto', 'Sokoto'), ('taraba', 'Taraba'), ('yobe', 'Yobe'), ('zamfara', 'Zamfara'), ('abuja', 'FCT'), ('federalcapitalterritory', 'FCT'), ('fctabuja', 'FCT'), ('abujafct', 'FCT'), ('nassarawa', 'Nasarawa')) AS v(k, name)
WHERE s.state_of_residence IS NOT NULL AND regexp_replace(regexp_replace(lower(s.state_of_residence), '\m(state|region)\M', '', 'g'), '[^a-z]', '', 'g') = v.k;
--> statement-breakpoint
UPDATE "payroll_lines" s SET "state_of_residence" = v.name
FROM (VALUES ('abia', 'Abia'), ('adamawa', 'Adamawa'), ('akwaibom', 'Akwa Ibom'), ('anambra', 'Anambra'), ('bauchi', 'Bauchi'), ('bayelsa', 'Bayelsa'), ('benue', 'Benue'), ('borno', 'Borno'), ('crossriver', 'Cross River'), ('delta', 'Delta'), ('ebonyi', 'Ebonyi'), ('edo', 'Edo'), ('ekiti', 'Ekiti'), ('enugu', 'Enugu'), ('fct', 'FCT'), ('gombe', 'Gombe'), ('imo', 'Imo'), ('jigawa', 'Jigawa'), ('kaduna', 'Kaduna'), ('kano', 'Kano'), ('katsina', 'Katsina'), ('kebbi', 'Kebbi'), ('kogi', 'Kogi'), ('kwara', 'Kwara'), ('lagos', 'Lagos'), ('nasarawa', 'Nasarawa'), ('niger', 'Niger'), ('ogun', 'Ogun'), ('ondo', 'Ondo'), ('osun', 'Osun'), ('oyo', 'Oyo'), ('plateau', 'Plateau'), ('rivers', 'Rivers'), ('sokoto', 'Sokoto'), ('taraba', 'Taraba'), ('yobe', 'Yobe'), ('zamfara', 'Zamfara'), ('abuja', 'FCT'), ('federalcapitalterritory', 'FCT'), ('fctabuja', 'FCT'), ('abujafct', 'FCT'), ('nassarawa', 'Nasarawa')) AS v(k, name)
WHERE s.state_of_residence IS NOT NULL AND regexp_replace(regexp_replace(lower(s.state_of_residence), '\m(state|region)\M', '', 'g'), '[^a-z]', '', 'g') = v.k;