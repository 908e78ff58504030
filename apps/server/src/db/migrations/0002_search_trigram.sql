-- Trigram search: "contains" searches (LIKE '%term%') use an index instead of scanning a business's rows.
-- pg_trgm and btree_gin are trusted contrib extensions (PostgreSQL 13+): a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employees_search_trgm_idx" ON "employees" USING gin ("business_id", "search_text" gin_trgm_ops) WHERE deleted_at IS NULL;
