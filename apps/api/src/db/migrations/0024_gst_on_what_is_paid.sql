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
