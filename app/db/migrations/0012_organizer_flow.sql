CREATE TABLE "competition_lobby_reports" (
	"tournament_id" text NOT NULL,
	"lobby_match" smallint NOT NULL,
	"registration_id" text NOT NULL,
	"user_id" text NOT NULL,
	"placement" smallint NOT NULL,
	"kills" smallint NOT NULL,
	"screenshot_key" text NOT NULL,
	"screenshot_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_lobby_reports_tournament_id_lobby_match_registration_id_pk" PRIMARY KEY("tournament_id","lobby_match","registration_id")
);
--> statement-breakpoint
ALTER TABLE "competition_settings" ADD COLUMN "points_preset" text DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_settings" ADD COLUMN "lobby_size" smallint DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_settings" ADD COLUMN "third_place" text DEFAULT 'shared' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "team_size" smallint;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "substitutes" smallint DEFAULT 0 NOT NULL;