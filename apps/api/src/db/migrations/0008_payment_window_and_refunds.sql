DROP INDEX "orders_unpaid_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
-- Card orders placed before the payment window keep the 24 hours they were placed under.
UPDATE "orders" SET "payment_due_at" = "created_at" + interval '24 hours' WHERE "payment_method" = 'razorpay';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_refund_pending_idx" ON "payments" USING btree ("refund_attempt_at") WHERE "payments"."status" = 'refund_pending';--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."payment_status" = 'Pending' and "orders"."payment_method" = 'razorpay' and "orders"."expired_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('created', 'paid', 'failed', 'refund_pending', 'refunded'));