CREATE TABLE "goods_return_lines" (
	"business_id" uuid NOT NULL,
	"return_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"location_id" uuid,
	"quantity_milli" bigint NOT NULL,
	CONSTRAINT "goods_return_lines_return_id_line_id_pk" PRIMARY KEY("return_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "goods_returns" (
	"business_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"grn_id" uuid NOT NULL,
	"returned_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_items" ADD COLUMN "conversions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "employee_name" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "reference_label" text;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_return_id_goods_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."goods_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_lines" ADD CONSTRAINT "goods_return_lines_location_id_places_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_grn_id_goods_received_id_fk" FOREIGN KEY ("grn_id") REFERENCES "public"."goods_received"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_returns_order_idx" ON "goods_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "goods_returns_grn_idx" ON "goods_returns" USING btree ("grn_id");--> statement-breakpoint
-- Readable references for past receipts (issue 34): "GRN <uuid> line <uuid>" reads as the order number and the GRN's date.
UPDATE "stock_movements" m SET "reference_label" = po."number" || ' · GRN ' || to_char(g."received_date", 'YYYY-MM-DD')
FROM "goods_received" g JOIN "purchase_orders" po ON po."id" = g."order_id"
WHERE m."reference" LIKE 'GRN % line %' AND g."id"::text = split_part(m."reference", ' ', 2);--> statement-breakpoint
-- Who recorded past movements: the user's name where the actor was a user.
UPDATE "stock_movements" m SET "actor_name" = u."user_name" FROM "users" u WHERE m."actor_kind" = 'user' AND u."id" = m."actor_id";
