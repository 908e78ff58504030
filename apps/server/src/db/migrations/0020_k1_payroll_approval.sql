ALTER TABLE "businesses" ADD COLUMN "payroll_approval" text DEFAULT 'maker-checker' NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "self_approval_reason" text;