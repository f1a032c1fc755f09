CREATE TABLE "market_evidence" (
	"region" text NOT NULL,
	"realm_id" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_evidence_region_realm_id_pk" PRIMARY KEY("region","realm_id")
);
