CREATE TABLE "approval_policies" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"steps" jsonb NOT NULL,
	"auto_approve_below_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD COLUMN "step" integer;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "chain" jsonb;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "current_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "requester_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policies_business_service_scope_uq" ON "approval_policies" USING btree ("business_id","service","scope");