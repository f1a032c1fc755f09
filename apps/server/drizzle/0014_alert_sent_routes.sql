CREATE TABLE "alert_sent_routes" (
	"user_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"fingerprint" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_sent_routes_user_id_destination_fingerprint_pk" PRIMARY KEY("user_id","destination","fingerprint")
);
--> statement-breakpoint
ALTER TABLE "alert_sent_routes" ADD CONSTRAINT "alert_sent_routes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_sent_routes_sent_at_idx" ON "alert_sent_routes" USING btree ("sent_at");