CREATE TABLE "streamer_gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"price_usd" integer NOT NULL,
	"icon" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "streamer_donation_orders" ADD COLUMN "gift_id" text;--> statement-breakpoint
ALTER TABLE "streamer_donation_orders" ADD COLUMN "gift_quantity" integer;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD COLUMN "gift_id" text;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD COLUMN "gift_quantity" integer;--> statement-breakpoint
ALTER TABLE "streamers" ADD COLUMN "live_viewers" integer;--> statement-breakpoint
ALTER TABLE "streamer_donation_orders" ADD CONSTRAINT "streamer_donation_orders_gift_id_streamer_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."streamer_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD CONSTRAINT "streamer_donations_gift_id_streamer_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."streamer_gifts"("id") ON DELETE no action ON UPDATE no action;