-- The best offer percent that applies to a product's price at a moment: the product offer's or its category
-- offer's, whichever is higher; an offer counts unless deleted or blocked, within activation <= at < expiry, and
-- when the price reaches its criteria amount. The one SQL definition of unitPrice() in
-- packages/shared/src/pricing/offers.ts; products.final_price_paise rounds it the same way (half up, to the paisa).
CREATE FUNCTION best_offer_percent(price integer, product_offer uuid, category uuid, at timestamptz)
RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT coalesce(max(o.discount), 0)::integer
  FROM offers o
  WHERE (o.id = product_offer OR o.id = (SELECT c.offer_id FROM categories c WHERE c.id = category))
    AND o.deleted_at IS NULL
    AND NOT o.is_blocked
    AND o.activation <= at AND at < o.expiry
    AND price >= o.min_amount_paise
$$;
--> statement-breakpoint
-- Every write of a product's price, offer or category (and every new product) sets its percent in the same
-- statement, whoever writes it.
CREATE FUNCTION products_set_offer_percent() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.offer_percent := best_offer_percent(NEW.price_paise, NEW.offer_id, NEW.category_id, now());
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_offer_percent
BEFORE INSERT OR UPDATE OF price_paise, offer_id, category_id ON products
FOR EACH ROW EXECUTE FUNCTION products_set_offer_percent();
--> statement-breakpoint
UPDATE products
SET offer_percent = best_offer_percent(price_paise, offer_id, category_id, now())
WHERE offer_percent IS DISTINCT FROM best_offer_percent(price_paise, offer_id, category_id, now());
