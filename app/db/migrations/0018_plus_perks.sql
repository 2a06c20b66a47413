CREATE TABLE "discord_roles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"discord_user_id" text NOT NULL,
	"granted" boolean NOT NULL,
	"notice_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_channel_check";--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "plus_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discord_roles" ADD CONSTRAINT "discord_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discord_roles_granted_idx" ON "discord_roles" USING btree ("granted");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_channel_check" CHECK ("notification_outbox"."channel" in ('whatsapp', 'discord_dm', 'discord_webhook', 'discord_role'));