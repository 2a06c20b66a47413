CREATE TABLE "bracket_rows" (
	"tournament_id" text NOT NULL,
	"kind" text NOT NULL,
	"id" integer NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "bracket_rows_tournament_id_kind_id_pk" PRIMARY KEY("tournament_id","kind","id")
);
--> statement-breakpoint
CREATE TABLE "competition_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"match_id" integer,
	"actor_user_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_check_ins" (
	"registration_id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_entrants" (
	"tournament_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"seed" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "competition_entrants_tournament_id_registration_id_pk" PRIMARY KEY("tournament_id","registration_id")
);
--> statement-breakpoint
CREATE TABLE "competition_lobby_results" (
	"tournament_id" text NOT NULL,
	"lobby_match" smallint NOT NULL,
	"registration_id" text NOT NULL,
	"placement" smallint NOT NULL,
	"kills" smallint NOT NULL,
	CONSTRAINT "competition_lobby_results_tournament_id_lobby_match_registration_id_pk" PRIMARY KEY("tournament_id","lobby_match","registration_id"),
	CONSTRAINT "competition_lobby_results_valid" CHECK ("competition_lobby_results"."placement" >= 1 and "competition_lobby_results"."kills" >= 0)
);
--> statement-breakpoint
CREATE TABLE "competition_prizes" (
	"tournament_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"place" smallint NOT NULL,
	"amount" text NOT NULL,
	CONSTRAINT "competition_prizes_tournament_id_registration_id_pk" PRIMARY KEY("tournament_id","registration_id")
);
--> statement-breakpoint
CREATE TABLE "competition_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"match_id" integer NOT NULL,
	"registration_id" text NOT NULL,
	"user_id" text NOT NULL,
	"score1" smallint NOT NULL,
	"score2" smallint NOT NULL,
	"screenshot_key" text NOT NULL,
	"screenshot_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_results" (
	"tournament_id" text NOT NULL,
	"match_id" integer NOT NULL,
	"registration1" text NOT NULL,
	"registration2" text NOT NULL,
	"score1" smallint NOT NULL,
	"score2" smallint NOT NULL,
	"source" text NOT NULL,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_results_tournament_id_match_id_pk" PRIMARY KEY("tournament_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "competition_rooms" (
	"tournament_id" text NOT NULL,
	"match_id" integer NOT NULL,
	"room_id" text NOT NULL,
	"room_password" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_rooms_tournament_id_match_id_pk" PRIMARY KEY("tournament_id","match_id")
);
--> statement-breakpoint
CREATE TABLE "competition_settings" (
	"tournament_id" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"best_of" smallint DEFAULT 1 NOT NULL,
	"final_best_of" smallint DEFAULT 1 NOT NULL,
	"group_count" smallint DEFAULT 1 NOT NULL,
	"lobby_matches" smallint DEFAULT 4 NOT NULL,
	"placement_points" integer[] DEFAULT '{12,9,8,7,6,5,4,3,2,1}'::integer[] NOT NULL,
	"kill_points" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"check_in_opens_minutes" integer DEFAULT 60 NOT NULL,
	"check_in_closes_minutes" integer DEFAULT 15 NOT NULL,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competition_check_ins" ADD CONSTRAINT "competition_check_ins_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entrants" ADD CONSTRAINT "competition_entrants_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_settings" ADD CONSTRAINT "competition_settings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_audit_tournament_idx" ON "competition_audit" USING btree ("tournament_id","id");--> statement-breakpoint
CREATE INDEX "competition_check_ins_tournament_idx" ON "competition_check_ins" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entrants_seed" ON "competition_entrants" USING btree ("tournament_id","seed");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entrants_participant" ON "competition_entrants" USING btree ("tournament_id","participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_lobby_results_placement" ON "competition_lobby_results" USING btree ("tournament_id","lobby_match","placement");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_reports_team" ON "competition_reports" USING btree ("tournament_id","match_id","registration_id");