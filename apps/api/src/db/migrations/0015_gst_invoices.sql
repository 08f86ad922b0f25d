CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "document_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "document_counters_series" CHECK ("document_counters"."series" in ('INV', 'CN'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_item_idx" ON "credit_notes" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
-- Orders paid before invoice numbers existed get theirs in the order they were paid, one series per financial year
-- (April to March, India time); refunds of their items already made get credit notes the same way.
WITH paid AS (
	SELECT id, paid_at, extract(year FROM paid_at AT TIME ZONE 'Asia/Kolkata')::int
		- CASE WHEN extract(month FROM paid_at AT TIME ZONE 'Asia/Kolkata') < 4 THEN 1 ELSE 0 END AS fy_start
	FROM "orders" WHERE paid_at IS NOT NULL
), numbered AS (
	SELECT id, paid_at,
		lpad((fy_start % 100)::text, 2, '0') || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0') AS fy,
		row_number() OVER (PARTITION BY fy_start ORDER BY paid_at, id) AS serial
	FROM paid
)
UPDATE "orders" o SET invoice_number = 'INV/' || n.fy || '/' || lpad(n.serial::text, 6, '0'), invoiced_at = n.paid_at
FROM numbered n WHERE o.id = n.id;
--> statement-breakpoint
WITH refunded AS (
	SELECT i.id, i.order_id, i.refunded_paise, greatest(i.updated_at, o.paid_at) AS issued_at
	FROM "order_items" i JOIN "orders" o ON o.id = i.order_id
	WHERE o.invoice_number IS NOT NULL AND i.status IN ('Cancelled', 'Returned') AND i.refunded_paise > 0
), years AS (
	SELECT *, extract(year FROM issued_at AT TIME ZONE 'Asia/Kolkata')::int
		- CASE WHEN extract(month FROM issued_at AT TIME ZONE 'Asia/Kolkata') < 4 THEN 1 ELSE 0 END AS fy_start
	FROM refunded
), numbered AS (
	SELECT *, lpad((fy_start % 100)::text, 2, '0') || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0') AS fy,
		row_number() OVER (PARTITION BY fy_start ORDER BY issued_at, id) AS serial
	FROM years
)
INSERT INTO "credit_notes" (number, order_id, order_item_id, amount_paise, issued_at)
SELECT 'CN/' || fy || '/' || lpad(serial::text, 6, '0'), order_id, id, refunded_paise, issued_at FROM numbered;
--> statement-breakpoint
INSERT INTO "document_counters" (series, financial_year, last_serial)
SELECT 'INV', split_part(invoice_number, '/', 2), max(split_part(invoice_number, '/', 3)::int)
FROM "orders" WHERE invoice_number IS NOT NULL GROUP BY 2
UNION ALL
SELECT 'CN', split_part(number, '/', 2), max(split_part(number, '/', 3)::int) FROM "credit_notes" GROUP BY 2;
