ALTER TABLE "notifications" ADD COLUMN "subject" text DEFAULT 'settings' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "author_name" text;--> statement-breakpoint
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
