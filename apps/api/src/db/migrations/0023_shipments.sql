ALTER TYPE "public"."item_status" ADD VALUE 'Returned to seller';--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"item_ids" uuid[] NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"courier" text NOT NULL,
	"courier_id" text,
	"awb" text NOT NULL,
	"tracking_url" text,
	"courier_label_url" text,
	"pickup_scheduled_for" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"expected_delivery" text,
	"last_event_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_known" CHECK ("shipments"."status" in ('booked', 'picked-up', 'in-transit', 'out-for-delivery', 'rto-initiated', 'delivered', 'returned-to-seller', 'cancelled')),
	CONSTRAINT "shipments_provider_known" CHECK ("shipments"."provider" in ('manual', 'shiprocket'))
);
--> statement-breakpoint
CREATE TABLE "shipping_estimates" (
	"pincode" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_once" ON "shipment_events" USING btree ("shipment_id","at","label","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_key" ON "shipments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_live_awb_key" ON "shipments" USING btree ("provider","awb") WHERE "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shipments_quiet_idx" ON "shipments" USING btree ("last_event_at") WHERE "shipments"."status" not in ('delivered', 'returned-to-seller', 'cancelled');