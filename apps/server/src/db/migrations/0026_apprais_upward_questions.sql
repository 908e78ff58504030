ALTER TABLE "appraisal_cycles" ADD COLUMN "upward_criteria" jsonb;--> statement-breakpoint
ALTER TABLE "appraisal_settings" ADD COLUMN "upward_questions" jsonb;