CREATE TABLE "catalog_items" (
	"region" text NOT NULL,
	"id" integer NOT NULL,
	"data" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_region_id_pk" PRIMARY KEY("region","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_pets" (
	"region" text NOT NULL,
	"id" integer NOT NULL,
	"data" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_pets_region_id_pk" PRIMARY KEY("region","id")
);
--> statement-breakpoint
CREATE TABLE "source_documents" (
	"name" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
