ALTER TABLE "streamers" ADD COLUMN "alert_key" text;--> statement-breakpoint
ALTER TABLE "streamers" ADD CONSTRAINT "streamers_alert_key_unique" UNIQUE("alert_key");