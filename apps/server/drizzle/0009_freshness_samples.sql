CREATE TABLE "freshness_samples" (
	"region" text NOT NULL,
	"realm_id" integer NOT NULL,
	"last_modified" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"shown_at" timestamp with time zone,
	CONSTRAINT "freshness_samples_region_realm_id_last_modified_pk" PRIMARY KEY("region","realm_id","last_modified")
);
--> statement-breakpoint
CREATE INDEX "freshness_samples_region_time_idx" ON "freshness_samples" USING btree ("region","last_modified");