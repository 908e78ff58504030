-- Custom SQL migration (no schema change).
-- hand-written (h3)
-- Upward feedback is anonymous to its readers: audit rows written before this rule named the downline who
-- submitted an upward form (and its score) or to whom its link was re-sent. Those names are removed.
UPDATE "audit_log" SET "after" = "after" - 'reviewer' - 'totalScore'
  WHERE "action" = 'appraisal.submitted' AND "entity" = 'appraisal-form'
    AND "entity_id" IN (SELECT "id"::text FROM "appraisal_forms" WHERE "kind" = 'upward');
--> statement-breakpoint
UPDATE "audit_log" SET "after" = jsonb_set("after", '{to}', 'null'::jsonb)
  WHERE "action" = 'appraisal.link-resent' AND "entity" = 'appraisal-form' AND "after" ? 'to'
    AND "entity_id" IN (SELECT "id"::text FROM "appraisal_forms" WHERE "kind" = 'upward');
