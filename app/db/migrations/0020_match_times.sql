CREATE TABLE "competition_round_times" (
	"tournament_id" text NOT NULL,
	"round_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_round_times_tournament_id_round_id_pk" PRIMARY KEY("tournament_id","round_id")
);
--> statement-breakpoint
ALTER TABLE "competition_round_times" ADD CONSTRAINT "competition_round_times_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_round_times_due_idx" ON "competition_round_times" USING btree ("scheduled_at") WHERE "competition_round_times"."reminded_at" is null;