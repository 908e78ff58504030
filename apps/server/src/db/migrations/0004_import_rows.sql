CREATE TABLE "import_rows" (
	"business_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "import_rows_business_id_job_id_row_pk" PRIMARY KEY("business_id","job_id","row")
);
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;