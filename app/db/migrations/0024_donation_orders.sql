CREATE TABLE "streamer_donation_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streamer_test_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD COLUMN "message_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD COLUMN "message_hidden_by" text;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streamer_donation_orders" ADD CONSTRAINT "streamer_donation_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_donation_orders" ADD CONSTRAINT "streamer_donation_orders_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_test_alerts" ADD CONSTRAINT "streamer_test_alerts_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "streamer_test_alerts_streamer_idx" ON "streamer_test_alerts" USING btree ("streamer_id","created_at");--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD CONSTRAINT "streamer_donations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD CONSTRAINT "streamer_donations_message_hidden_by_users_id_fk" FOREIGN KEY ("message_hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD CONSTRAINT "streamer_donations_order_id_unique" UNIQUE("order_id");