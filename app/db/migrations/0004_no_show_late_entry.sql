ALTER TABLE "competition_settings" ADD COLUMN "no_shows_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "release_reason" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "late_entry" boolean DEFAULT false NOT NULL;