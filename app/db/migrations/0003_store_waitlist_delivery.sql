CREATE TABLE "saved_player_ids" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"game_id" text NOT NULL,
	"player_id" text NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"gamer_name" text,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"user_id" text NOT NULL,
	"place_freed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competition_settings" ADD COLUMN "check_in_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "saved_player_ids" ADD CONSTRAINT "saved_player_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_player_ids" ADD CONSTRAINT "saved_player_ids_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_player_ids_unique" ON "saved_player_ids" USING btree ("user_id","game_id","player_id","zone");--> statement-breakpoint
CREATE INDEX "saved_player_ids_recent_idx" ON "saved_player_ids" USING btree ("user_id","game_id","last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_user" ON "waitlist_entries" USING btree ("tournament_id","user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_line" ON "waitlist_entries" USING btree ("tournament_id","created_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_owed" ON "waitlist_entries" USING btree ("place_freed_at") WHERE "waitlist_entries"."place_freed_at" is not null;