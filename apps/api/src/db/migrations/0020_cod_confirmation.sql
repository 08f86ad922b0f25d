ALTER TABLE "orders" ADD COLUMN "cod_confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unconfirmed_cod_idx" ON "orders" USING btree ("cod_confirm_by") WHERE "orders"."cod_confirmed_at" is null and "orders"."expired_at" is null;