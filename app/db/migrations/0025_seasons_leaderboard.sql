CREATE TABLE "leaderboard_standings" (
	"season_id" text NOT NULL,
	"game" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"points" integer NOT NULL,
	"won" integer NOT NULL,
	"lost" integer NOT NULL,
	"tournaments" integer NOT NULL,
	"best_place" smallint,
	CONSTRAINT "leaderboard_standings_season_id_game_kind_subject_id_pk" PRIMARY KEY("season_id","game","kind","subject_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_range" CHECK ("seasons"."ends_on" >= "seasons"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "leaderboard_standings" ADD CONSTRAINT "leaderboard_standings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_standings_rank" ON "leaderboard_standings" USING btree ("season_id","game","kind","points" DESC NULLS FIRST,"won" DESC NULLS FIRST,"subject_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "seasons_dates_idx" ON "seasons" USING btree ("starts_on","ends_on");