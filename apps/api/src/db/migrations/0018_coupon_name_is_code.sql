-- A coupon's name becomes the code shoppers type (docs/product.md §12.2). Live coupons sharing a name, whatever the
-- case, keep the oldest as it is; the others get their old code added to their name, so the new index can hold.
WITH "ranked" AS (
	SELECT "id", row_number() OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS "n"
	FROM "coupons" WHERE "deleted_at" IS NULL
)
UPDATE "coupons" SET "name" = left("coupons"."name", 11) || ' ' || "coupons"."code"
FROM "ranked" WHERE "ranked"."id" = "coupons"."id" AND "ranked"."n" > 1;--> statement-breakpoint
UPDATE "coupons" SET "code" = "name" WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_name_live_idx" ON "coupons" USING btree (lower("name")) WHERE "coupons"."deleted_at" is null;
