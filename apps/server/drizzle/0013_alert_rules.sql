CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"region" text NOT NULL,
	"preset_id" uuid,
	"view" text,
	"min_profit" integer NOT NULL,
	"min_confidence" text NOT NULL,
	"channel" text NOT NULL,
	"webhook_id" text,
	"webhook_token" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_preset_id_filter_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."filter_presets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_region_idx" ON "alert_rules" USING btree ("region","enabled");