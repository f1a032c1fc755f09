CREATE TABLE "demo_portal_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_invoices" ADD COLUMN "price_id" text;--> statement-breakpoint
ALTER TABLE "demo_invoices" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "demo_invoices_customer_idx" ON "demo_invoices" USING btree ("customer_id");--> statement-breakpoint
UPDATE "demo_invoices" SET "paid_at" = "created_at" WHERE "status" = 'paid';
