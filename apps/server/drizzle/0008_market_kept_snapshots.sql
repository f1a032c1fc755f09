CREATE TABLE "market_kept_snapshots" (
	"region" text NOT NULL,
	"realm_id" integer NOT NULL,
	"hour_ms" bigint NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_kept_snapshots_region_realm_id_pk" PRIMARY KEY("region","realm_id")
);
