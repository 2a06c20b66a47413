CREATE TABLE "streamer_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streamer_subscription_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streamer_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"transaction_id" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streamer_subscriptions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "streamer_subscriptions_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "streamer_subscriptions_positive" CHECK ("streamer_subscriptions"."ends_at" > "streamer_subscriptions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "streamers" ADD COLUMN "subscription_price_usd" integer;--> statement-breakpoint
ALTER TABLE "streamer_posts" ADD CONSTRAINT "streamer_posts_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_subscription_orders" ADD CONSTRAINT "streamer_subscription_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_subscription_orders" ADD CONSTRAINT "streamer_subscription_orders_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_subscriptions" ADD CONSTRAINT "streamer_subscriptions_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_subscriptions" ADD CONSTRAINT "streamer_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_subscriptions" ADD CONSTRAINT "streamer_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_subscriptions" ADD CONSTRAINT "streamer_subscriptions_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "streamer_posts_streamer_idx" ON "streamer_posts" USING btree ("streamer_id","created_at");--> statement-breakpoint
CREATE INDEX "streamer_subscriptions_fan_idx" ON "streamer_subscriptions" USING btree ("streamer_id","user_id","ends_at");--> statement-breakpoint
CREATE INDEX "streamer_subscriptions_ends_idx" ON "streamer_subscriptions" USING btree ("ends_at");