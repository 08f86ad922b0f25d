CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"delta" integer NOT NULL,
	"before" integer NOT NULL,
	"after" integer NOT NULL,
	"actor_id" uuid,
	"order_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_adds_up" CHECK ("stock_movements"."after" = "stock_movements"."before" + "stock_movements"."delta" and "stock_movements"."after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_at" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_at_range" CHECK ("products"."low_stock_at" between 0 and 100000);--> statement-breakpoint
-- Written by hand, after drizzle's DDL above (docs/decisions/049-stock-ledger.md): every existing product's ledger
-- starts with an opening row of its stock now, so its rows add up to its stock; its low-stock flag starts as its
-- stock stands, without a mail.
INSERT INTO "stock_movements" ("product_id", "reason", "delta", "before", "after", "note")
  SELECT "id", 'opening', "quantity", 0, "quantity", 'Stock when the ledger began' FROM "products";--> statement-breakpoint
UPDATE "products" SET "low_stock_alerted" = "quantity" <= "low_stock_at";
