ALTER TABLE "vendor_invoices" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "document_mime" text;