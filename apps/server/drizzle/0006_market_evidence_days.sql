ALTER TABLE "market_evidence" ADD COLUMN "day" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "market_evidence" DROP CONSTRAINT "market_evidence_region_realm_id_pk";--> statement-breakpoint
ALTER TABLE "market_evidence" ADD CONSTRAINT "market_evidence_region_realm_id_day_pk" PRIMARY KEY("region","realm_id","day");
