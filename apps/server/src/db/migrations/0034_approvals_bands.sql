CREATE TABLE "approval_delegations" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"delegate_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_delegations_range_ck" CHECK ("approval_delegations"."ends_on" >= "approval_delegations"."starts_on"),
	CONSTRAINT "approval_delegations_self_ck" CHECK ("approval_delegations"."user_id" <> "approval_delegations"."delegate_id")
);
--> statement-breakpoint
CREATE TABLE "approval_rule_versions" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rule_versions_action_ck" CHECK ("approval_rule_versions"."action" in ('created', 'updated', 'retired'))
);
--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD COLUMN "on_behalf_of" uuid;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD COLUMN "on_behalf_of_name" text;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD COLUMN "bands" jsonb;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_versions" ADD CONSTRAINT "approval_rule_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_versions" ADD CONSTRAINT "approval_rule_versions_rule_id_approval_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."approval_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rule_versions" ADD CONSTRAINT "approval_rule_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_delegations_delegate_idx" ON "approval_delegations" USING btree ("business_id","delegate_id","ends_on");--> statement-breakpoint
CREATE INDEX "approval_delegations_user_idx" ON "approval_delegations" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rule_versions_rule_version_uq" ON "approval_rule_versions" USING btree ("rule_id","version");--> statement-breakpoint
CREATE INDEX "approval_rule_versions_business_idx" ON "approval_rule_versions" USING btree ("business_id","rule_id");--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing rules start their history at version 1, as saved (flat: no bands).
INSERT INTO "approval_rule_versions" ("business_id", "rule_id", "version", "action", "snapshot", "changed_by_name", "created_at")
SELECT r."business_id", r."id", 1, 'created',
  jsonb_build_object('service', r."service", 'totalApprovalsRequired', r."total_approvals_required", 'bands', NULL,
    'approverIds', COALESCE((SELECT jsonb_agg(a."user_id") FROM "approval_rule_approvers" a WHERE a."rule_id" = r."id"), '[]'::jsonb)),
  'Before rule history', r."updated_at"
FROM "approval_rules" r;
