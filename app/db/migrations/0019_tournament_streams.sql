CREATE TABLE "tournament_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"platform" text NOT NULL,
	"video_id" text NOT NULL,
	"url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_recordings_platform" CHECK ("tournament_recordings"."platform" in ('twitch', 'youtube'))
);
--> statement-breakpoint
CREATE TABLE "tournament_replay_settings" (
	"tournament_id" text PRIMARY KEY NOT NULL,
	"public_after" boolean DEFAULT false NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"tournament_id" text NOT NULL,
	"match_id" integer,
	"kind" text NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"streamer_id" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_streams_kind" CHECK ("tournament_streams"."kind" in ('official', 'caster'))
);
--> statement-breakpoint
ALTER TABLE "tournament_recordings" ADD CONSTRAINT "tournament_recordings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_replay_settings" ADD CONSTRAINT "tournament_replay_settings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_streams" ADD CONSTRAINT "tournament_streams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_streams" ADD CONSTRAINT "tournament_streams_streamer_id_streamers_id_fk" FOREIGN KEY ("streamer_id") REFERENCES "public"."streamers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_recordings_video_idx" ON "tournament_recordings" USING btree ("tournament_id","platform","video_id");--> statement-breakpoint
CREATE INDEX "tournament_streams_tournament_idx" ON "tournament_streams" USING btree ("tournament_id","match_id");--> statement-breakpoint
CREATE INDEX "tournament_streams_streamer_idx" ON "tournament_streams" USING btree ("streamer_id");