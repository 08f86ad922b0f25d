CREATE TABLE "attention_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"advice" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "courier_webhook_refusals" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"refusals" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "mail_outbox" SET "first_failed_at" = "created_at" WHERE "last_error" IS NOT NULL AND "status" <> 'sent';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_refusals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_first_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "attention_problems_open_key_idx" ON "attention_problems" USING btree ("key") WHERE "attention_problems"."cleared_at" is null;