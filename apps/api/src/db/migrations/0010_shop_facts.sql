CREATE TABLE "shop_facts" (
	"key" text PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A shop that ran the demo seed before this fact existed has the demo administrator.
INSERT INTO "shop_facts" ("key") SELECT 'demo-data' WHERE EXISTS (SELECT 1 FROM "users" WHERE "email" = 'admin@bagshop.in');
