CREATE TABLE "rto_items" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"shipped_at" timestamp with time zone NOT NULL,
	"cod" boolean NOT NULL,
	"returned_to_seller" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rto_items" ADD CONSTRAINT "rto_items_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rto_items_shipped_idx" ON "rto_items" USING btree ("shipped_at","cod","returned_to_seller");--> statement-breakpoint
-- Written by hand, after the generated DDL above (docs/decisions/041-rto-rate.md, amendment of 2026-12-03). The
-- dashboard counted a period's shipped items by joining a year's parcels, items and orders on every load (290–450 ms
-- over 100,000 orders); the triggers below keep one row per item that has left the shop instead, and a period is
-- read from the index of this table alone. The rule is decision 041's: an item a parcel that was not cancelled
-- carries was shipped when that parcel was booked; an item no such parcel carries was shipped on its order's day if
-- its status says it left the shop (any status but Pending and Cancelled). The shop's writes to an order's items and
-- parcels take the order's row lock first (lockOrder), so these triggers always see the order settled.
-- 'Returned to seller' is compared as text: a shop upgraded from before migration 0023 adds that value of the enum
-- in this same transaction, and PostgreSQL refuses a new enum value used before its transaction commits.
-- PL/pgSQL rather than SQL: its plans are kept for the session, where a SQL function not inlined into its caller is
-- planned again on every call (0.5 ms an item, 30 times the insert itself, loading 20,000 shipped items).
CREATE FUNCTION rto_items_due(ids uuid[])
  RETURNS TABLE (item_id uuid, shipped_at timestamptz, cod boolean, returned_to_seller boolean)
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT i.id, coalesce(parcel.booked_at, o.created_at), o.payment_method = 'cod',
    i.status::text = 'Returned to seller'
    FROM order_items i
    JOIN orders o ON o.id = i.order_id
    LEFT JOIN LATERAL (
      SELECT min(s.created_at) AS booked_at FROM shipments s
       WHERE s.order_id = i.order_id AND s.status <> 'cancelled' AND i.id = ANY (s.item_ids)
    ) parcel ON true
   WHERE i.id = ANY (ids) AND (parcel.booked_at IS NOT NULL OR i.status NOT IN ('Pending', 'Cancelled'));
END $$;
--> statement-breakpoint
CREATE FUNCTION rto_items_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH due AS MATERIALIZED (SELECT * FROM rto_items_due(ids)),
  gone AS (
    DELETE FROM rto_items r
     WHERE r.item_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM due WHERE due.item_id = r.item_id)
  )
  INSERT INTO rto_items AS kept (item_id, shipped_at, cod, returned_to_seller)
  SELECT due.item_id, due.shipped_at, due.cod, due.returned_to_seller FROM due
  ON CONFLICT (item_id) DO UPDATE
    SET shipped_at = excluded.shipped_at, cod = excluded.cod, returned_to_seller = excluded.returned_to_seller
    WHERE (kept.shipped_at, kept.cod, kept.returned_to_seller)
      IS DISTINCT FROM (excluded.shipped_at, excluded.cod, excluded.returned_to_seller);
END $$;
--> statement-breakpoint
CREATE FUNCTION order_items_keep_rto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rto_items_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_items_added_keep_rto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rto_items_refresh(array(SELECT id FROM added WHERE status NOT IN ('Pending', 'Cancelled')));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Once per statement over the rows it added: a checkout's items are Pending and refresh nothing, and a restore
-- (COPY) or any other load of many items is counted in one pass instead of one call per item.
CREATE TRIGGER order_items_rto_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_added_keep_rto();
--> statement-breakpoint
-- Only a move that changes whether the item has left the shop, or whether it came back to the seller.
CREATE TRIGGER order_items_rto_updated AFTER UPDATE OF status ON order_items FOR EACH ROW
  WHEN ((OLD.status IN ('Pending', 'Cancelled')) <> (NEW.status IN ('Pending', 'Cancelled'))
    OR (OLD.status::text = 'Returned to seller') <> (NEW.status::text = 'Returned to seller'))
  EXECUTE FUNCTION order_items_keep_rto();
--> statement-breakpoint
CREATE FUNCTION orders_keep_rto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rto_items_refresh(array(SELECT id FROM order_items WHERE order_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rto_updated AFTER UPDATE OF created_at, payment_method ON orders FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.payment_method IS DISTINCT FROM NEW.payment_method)
  EXECUTE FUNCTION orders_keep_rto();
--> statement-breakpoint
CREATE FUNCTION shipments_keep_rto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rto_items_refresh(NEW.item_ids);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM rto_items_refresh(OLD.item_ids);
  ELSE
    PERFORM rto_items_refresh(array(SELECT unnest(OLD.item_ids) UNION SELECT unnest(NEW.item_ids)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shipments_rto_inserted AFTER INSERT ON shipments FOR EACH ROW
  WHEN (NEW.status <> 'cancelled')
  EXECUTE FUNCTION shipments_keep_rto();
--> statement-breakpoint
-- The courier's news (in transit, delivered, back at the seller) changes nothing here; a cancellation does.
CREATE TRIGGER shipments_rto_updated AFTER UPDATE OF status, item_ids, created_at, order_id ON shipments FOR EACH ROW
  WHEN ((OLD.status = 'cancelled') <> (NEW.status = 'cancelled') OR OLD.item_ids IS DISTINCT FROM NEW.item_ids
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION shipments_keep_rto();
--> statement-breakpoint
CREATE TRIGGER shipments_rto_deleted AFTER DELETE ON shipments FOR EACH ROW
  WHEN (OLD.status <> 'cancelled')
  EXECUTE FUNCTION shipments_keep_rto();
--> statement-breakpoint
-- The items already shipped.
INSERT INTO rto_items (item_id, shipped_at, cod, returned_to_seller)
SELECT due.item_id, due.shipped_at, due.cod, due.returned_to_seller
  FROM rto_items_due(array(SELECT id FROM order_items)) due;
