ALTER TABLE "saved_player_ids" ADD COLUMN "on_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_shows_teams" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_shows_tournaments" boolean DEFAULT true NOT NULL;