-- Evidence rows in parts (stored-parts.ts): a realm's kept snapshot or evidence day reaches megabytes at
-- full size, and one statement that size held the embedded database's thread (the one that answers
-- requests) for up to 700 ms. Rows written before are one part each (part 0 of 1, version 0).
ALTER TABLE "market_evidence" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_evidence" ADD COLUMN "parts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_evidence" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_kept_snapshots" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_kept_snapshots" ADD COLUMN "parts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_kept_snapshots" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_evidence" DROP CONSTRAINT "market_evidence_region_realm_id_day_pk";--> statement-breakpoint
ALTER TABLE "market_kept_snapshots" DROP CONSTRAINT "market_kept_snapshots_region_realm_id_pk";--> statement-breakpoint
ALTER TABLE "market_evidence" ADD CONSTRAINT "market_evidence_region_realm_id_day_part_pk" PRIMARY KEY("region","realm_id","day","part");--> statement-breakpoint
ALTER TABLE "market_kept_snapshots" ADD CONSTRAINT "market_kept_snapshots_region_realm_id_part_pk" PRIMARY KEY("region","realm_id","part");
