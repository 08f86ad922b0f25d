CREATE TABLE "sales_rollup" (
	"grain" text NOT NULL,
	"starts_at" timestamp NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross_paise" bigint DEFAULT 0 NOT NULL,
	"offer_discount_paise" bigint DEFAULT 0 NOT NULL,
	"coupon_discount_paise" bigint DEFAULT 0 NOT NULL,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"net_paise" bigint DEFAULT 0 NOT NULL,
	"shipping_paise" bigint DEFAULT 0 NOT NULL,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_rollup_grain_starts_at_pk" PRIMARY KEY("grain","starts_at"),
	CONSTRAINT "sales_rollup_grain" CHECK ("sales_rollup"."grain" in ('hour', 'day', 'month'))
);
--> statement-breakpoint
CREATE TABLE "sales_rollup_products" (
	"grain" text NOT NULL,
	"starts_on" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"gross_paise" bigint DEFAULT 0 NOT NULL,
	"offer_discount_paise" bigint DEFAULT 0 NOT NULL,
	"coupon_discount_paise" bigint DEFAULT 0 NOT NULL,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"net_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_rollup_products_grain_starts_on_product_id_pk" PRIMARY KEY("grain","starts_on","product_id"),
	CONSTRAINT "sales_rollup_products_grain" CHECK ("sales_rollup_products"."grain" in ('day', 'month'))
);
--> statement-breakpoint
ALTER TABLE "sales_rollup_products" ADD CONSTRAINT "sales_rollup_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The rollup worked out afresh from the orders as they stand, with the shares of packages/shared/src/pricing/sales.ts
-- (orderSale): coupon split by line after offer, tax by line gross, largest remainder with ties to the earlier line
-- (items in id order), cancelled and returned items left out, shipping with the order while an item is kept. Fills
-- the tables from the existing orders below; tests prove it equal to what the order transactions write.
CREATE OR REPLACE FUNCTION rebuild_sales_rollup() RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_rollup_products;
  DELETE FROM sales_rollup;
  WITH lines AS (
    SELECT i.order_id, i.product_id, i.qty, i.refunded_paise::bigint AS refunded,
      i.status NOT IN ('Cancelled', 'Returned') AS kept,
      date_trunc('hour', (o.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes') AS shop_hour,
      o.coupon_discount_paise::bigint AS coupon_total, o.tax_paise::bigint AS tax_total,
      o.shipping_paise::bigint AS shipping,
      row_number() OVER (PARTITION BY i.order_id ORDER BY i.id) AS pos,
      i.price_paise::bigint * i.qty AS gross,
      i.discount_paise::bigint * i.qty AS offer,
      (i.price_paise - i.discount_paise)::bigint * i.qty AS after_offer
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.paid_at IS NOT NULL
  ),
  weighted AS (
    SELECT l.*,
      (sum(after_offer) OVER (PARTITION BY order_id))::bigint AS after_sum,
      (sum(gross) OVER (PARTITION BY order_id))::bigint AS gross_sum
    FROM lines l
  ),
  floored AS (
    SELECT w.*,
      CASE WHEN after_sum = 0 THEN 0 ELSE coupon_total * after_offer / after_sum END AS coupon_floor,
      CASE WHEN gross_sum = 0 THEN 0 ELSE tax_total * gross / gross_sum END AS tax_floor
    FROM weighted w
  ),
  ranked AS (
    SELECT f.*,
      coupon_total - (sum(coupon_floor) OVER (PARTITION BY order_id))::bigint AS coupon_left,
      tax_total - (sum(tax_floor) OVER (PARTITION BY order_id))::bigint AS tax_left,
      row_number() OVER (
        PARTITION BY order_id ORDER BY coupon_total * after_offer - coupon_floor * after_sum DESC, pos
      ) AS coupon_rank,
      row_number() OVER (PARTITION BY order_id ORDER BY tax_total * gross - tax_floor * gross_sum DESC, pos) AS tax_rank
    FROM floored f
  ),
  shares AS (
    SELECT r.*,
      coupon_floor + CASE WHEN after_sum <> 0 AND coupon_rank <= coupon_left THEN 1 ELSE 0 END AS coupon,
      tax_floor + CASE WHEN gross_sum <> 0 AND tax_rank <= tax_left THEN 1 ELSE 0 END AS tax
    FROM ranked r
  ),
  per_order AS (
    SELECT order_id, shop_hour, max(shipping) AS shipping, sum(refunded) AS refunded,
      sum(qty) FILTER (WHERE kept) AS units,
      sum(gross) FILTER (WHERE kept) AS gross,
      sum(offer) FILTER (WHERE kept) AS offer,
      sum(coupon) FILTER (WHERE kept) AS coupon,
      sum(tax) FILTER (WHERE kept) AS tax,
      sum(after_offer - coupon + tax) FILTER (WHERE kept) AS net
    FROM shares GROUP BY order_id, shop_hour HAVING bool_or(kept)
  ),
  totals AS (
    INSERT INTO sales_rollup (grain, starts_at, orders, units, gross_paise, offer_discount_paise,
      coupon_discount_paise, tax_paise, net_paise, shipping_paise, refunded_paise)
    SELECT g.grain, date_trunc(g.grain, shop_hour), count(*), sum(units), sum(gross), sum(offer), sum(coupon),
      sum(tax), sum(net), sum(shipping), sum(refunded)
    FROM per_order CROSS JOIN (VALUES ('hour'), ('day'), ('month')) AS g(grain)
    GROUP BY 1, 2
    RETURNING 1
  )
  INSERT INTO sales_rollup_products (grain, starts_on, product_id, units, gross_paise, offer_discount_paise,
    coupon_discount_paise, tax_paise, net_paise)
  SELECT g.grain, date_trunc(g.grain, shop_hour)::date, product_id, sum(qty), sum(gross), sum(offer), sum(coupon),
    sum(tax), sum(after_offer - coupon + tax)
  FROM shares CROSS JOIN (VALUES ('day'), ('month')) AS g(grain)
  WHERE kept GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT rebuild_sales_rollup();
