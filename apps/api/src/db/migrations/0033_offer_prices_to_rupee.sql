CREATE TABLE "pricing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"round_offer_prices" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_settings_one_row" CHECK ("pricing_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "offer_rounds_to_rupee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Edited by hand (docs/decisions/060-offer-prices-to-the-rupee.md): the generated DDL dropped and added
-- final_price_paise, which would drop the three price indexes with it; PostgreSQL 17 and later change a generated
-- column's expression in place and rebuild its indexes.
ALTER TABLE "products" ALTER COLUMN "final_price_paise" SET EXPRESSION AS (case when offer_rounds_to_rupee and offer_percent > 0 and price_paise - ((price_paise::bigint * offer_percent + 50) / 100)::integer >= 100 then (price_paise - ((price_paise::bigint * offer_percent + 50) / 100)::integer) / 100 * 100 else price_paise - ((price_paise::bigint * offer_percent + 50) / 100)::integer end);--> statement-breakpoint
-- The products trigger of migration 0014 also copies the setting to the row it prices (no row yet: off, the
-- default; the first change of the setting writes the row). FOR SHARE: a product written while the setting changes
-- waits for that change, then reads the new value, so no product keeps the old one. A restored backup loads
-- pricing_settings before products (it has no foreign key, products have), so restored products read the restored
-- setting (backups-restore.test.ts).
CREATE OR REPLACE FUNCTION products_set_offer_percent() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  rounds boolean;
BEGIN
  NEW.offer_percent := best_offer_percent(NEW.price_paise, NEW.offer_id, NEW.category_id, now());
  SELECT round_offer_prices INTO rounds FROM pricing_settings WHERE id = 1 FOR SHARE;
  NEW.offer_rounds_to_rupee := coalesce(rounds, false);
  RETURN NEW;
END
$$;
