CREATE TABLE "prize_pool_freezes" (
	"tournament_id" text PRIMARY KEY NOT NULL,
	"frozen_at" timestamp with time zone,
	"reason" text,
	"frozen_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_pool_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "prize_funding" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "prize_pool_freezes" ADD CONSTRAINT "prize_pool_freezes_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_pool_orders" ADD CONSTRAINT "prize_pool_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_pool_orders" ADD CONSTRAINT "prize_pool_orders_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_pool_orders_tournament_idx" ON "prize_pool_orders" USING btree ("tournament_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_pool_not_negative" CHECK ("ledger_accounts"."kind" <> 'prize_pool' or "ledger_accounts"."balance" >= 0);