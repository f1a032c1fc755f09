ALTER TABLE "demo_invoices" ADD COLUMN "starting_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_invoices" ADD COLUMN "ending_balance" integer DEFAULT 0 NOT NULL;