CREATE TABLE "streamer_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streamer_channels_platform_known" CHECK ("streamer_channels"."platform" in ('twitch', 'youtube', 'kick', 'tiktok'))
);
--> statement-breakpoint
CREATE TABLE "streamer_donations" (
	"id" text PRIMARY KEY NOT NULL,
	"streamer_id" text NOT NULL,
	"donor_user_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"transaction_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streamer_donations_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "streamer_follows" (
	"streamer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streamer_follows_streamer_id_user_id_pk" PRIMARY KEY("streamer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "streamers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"refusal_reason" text,
	"featured" boolean DEFAULT false NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"live_since" timestamp with time zone,
	"live_manual" boolean DEFAULT true NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streamers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "streamers_handle_unique" UNIQUE("handle"),
	CONSTRAINT "streamers_status" CHECK ("streamers"."status" in ('applied', 'approved', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "streamer_channels" ADD CONSTRAINT "streamer_channels_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD CONSTRAINT "streamer_donations_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD CONSTRAINT "streamer_donations_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_donations" ADD CONSTRAINT "streamer_donations_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_follows" ADD CONSTRAINT "streamer_follows_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamer_follows" ADD CONSTRAINT "streamer_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streamers" ADD CONSTRAINT "streamers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "streamer_channels_platform" ON "streamer_channels" USING btree ("streamer_id","platform");--> statement-breakpoint
CREATE INDEX "streamer_donations_streamer_idx" ON "streamer_donations" USING btree ("streamer_id","created_at");--> statement-breakpoint
CREATE INDEX "streamer_follows_user_idx" ON "streamer_follows" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "streamers_status_idx" ON "streamers" USING btree ("status","featured");