CREATE TABLE "competition_match_reminders" (
	"tournament_id" text NOT NULL,
	"match_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_match_reminders_tournament_id_match_id_scheduled_at_pk" PRIMARY KEY("tournament_id","match_id","scheduled_at")
);
--> statement-breakpoint
CREATE TABLE "competition_match_times" (
	"tournament_id" text NOT NULL,
	"match_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_match_times_tournament_id_match_id_pk" PRIMARY KEY("tournament_id","match_id")
);
--> statement-breakpoint
ALTER TABLE "competition_match_reminders" ADD CONSTRAINT "competition_match_reminders_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_match_times" ADD CONSTRAINT "competition_match_times_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_match_times_at_idx" ON "competition_match_times" USING btree ("scheduled_at");