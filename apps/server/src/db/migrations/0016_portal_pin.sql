ALTER TABLE "employees" ADD COLUMN "portal_pin_hash" text;--> statement-breakpoint
-- hand-written (h1)
-- Portal and employee codes are kept as their sha256 (hex) from now on; existing codes still work because
-- sign-in hashes what the employee types. A 10-character code is a clear one (a hash is 64 characters).
UPDATE "employees" SET "portal_code" = encode(sha256(convert_to("portal_code", 'UTF8')), 'hex') WHERE length("portal_code") <> 64;--> statement-breakpoint
UPDATE "employees" SET "employee_unique_code" = encode(sha256(convert_to("employee_unique_code", 'UTF8')), 'hex') WHERE length("employee_unique_code") <> 64;
