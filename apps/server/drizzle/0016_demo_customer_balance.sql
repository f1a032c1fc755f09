CREATE TABLE "demo_customer_balances" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_invoices" ADD COLUMN "starting_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_invoices" ADD COLUMN "ending_balance" integer DEFAULT 0 NOT NULL;