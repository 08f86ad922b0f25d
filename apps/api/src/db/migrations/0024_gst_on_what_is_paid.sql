ALTER TABLE "order_items" ADD COLUMN "gst_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "coupon_share_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_gst" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "gstin" text;--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "orders_invoiced_idx" ON "orders" USING btree ("invoiced_at") WHERE "orders"."invoice_number" is not null;--> statement-breakpoint
-- An issued tax invoice is kept (CGST Act s. 36, rule 56: 72 months): its order can never be deleted.
CREATE FUNCTION keep_invoiced_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.invoice_number IS NOT NULL THEN
    RAISE EXCEPTION 'Order % has tax invoice % and is kept', OLD.order_number, OLD.invoice_number
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_keep_invoiced BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION keep_invoiced_orders();
--> statement-breakpoint
-- The rollup's rebuild reads each line's GST as sold where the item keeps it (docs/decisions/042-gst-on-what-is-paid.md),
-- the order's tax shared as before where it does not, and leaves parcels returned to the seller out of the sales. The
-- status is compared as text: an upgrade that adds that enum value (0023) runs in the same transaction, and PostgreSQL
-- refuses a new enum value as a literal before it is committed.
CREATE OR REPLACE FUNCTION rebuild_sales_rollup() RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_rollup_products;
  DELETE FROM sales_rollup;
  WITH lines AS (
    SELECT i.order_id, i.product_id, i.qty, i.refunded_paise::bigint AS refunded,
      i.status::text NOT IN ('Cancelled', 'Returned', 'Returned to seller') AS kept,
      i.coupon_share_paise::bigint AS kept_coupon, i.taxable_paise::bigint AS kept_taxable,
      i.tax_paise::bigint AS kept_tax,
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
  shared AS (
    SELECT r.*,
      coupon_floor + CASE WHEN after_sum <> 0 AND coupon_rank <= coupon_left THEN 1 ELSE 0 END AS legacy_coupon,
      tax_floor + CASE WHEN gross_sum <> 0 AND tax_rank <= tax_left THEN 1 ELSE 0 END AS legacy_tax
    FROM ranked r
  ),
  shares AS (
    SELECT s.*,
      coalesce(kept_coupon, legacy_coupon) AS coupon,
      coalesce(kept_tax, legacy_tax) AS tax,
      CASE WHEN kept_taxable IS NULL THEN after_offer - legacy_coupon + legacy_tax
        ELSE kept_taxable + kept_tax END AS paid
    FROM shared s
  ),
  per_order AS (
    SELECT order_id, shop_hour, max(shipping) AS shipping, sum(refunded) AS refunded,
      sum(qty) FILTER (WHERE kept) AS units,
      sum(gross) FILTER (WHERE kept) AS gross,
      sum(offer) FILTER (WHERE kept) AS offer,
      sum(coupon) FILTER (WHERE kept) AS coupon,
      sum(tax) FILTER (WHERE kept) AS tax,
      sum(paid) FILTER (WHERE kept) AS net
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
    sum(tax), sum(paid)
  FROM shares CROSS JOIN (VALUES ('day'), ('month')) AS g(grain)
  WHERE kept GROUP BY 1, 2, 3;
$$;
