ALTER TABLE "order_items" ADD COLUMN "refund_figures" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_terms" jsonb;--> statement-breakpoint
UPDATE "orders" SET "coupon_terms" = jsonb_build_object('discount', c."discount", 'minAmountPaise', c."min_amount_paise", 'maxAmountPaise', c."max_amount_paise") FROM "coupons" c WHERE c."id" = "orders"."coupon_id" AND "orders"."coupon_terms" IS NULL;
