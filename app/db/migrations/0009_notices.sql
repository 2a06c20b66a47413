CREATE TABLE "notification_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "notification_outbox_channel_check" CHECK ("notification_outbox"."channel" in ('whatsapp', 'discord_dm', 'discord_webhook'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"whatsapp_number" text,
	"whatsapp_on" boolean DEFAULT false NOT NULL,
	"discord_user_id" text,
	"discord_on" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "discord_webhook_url" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at","seq") WHERE "notification_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "orders_provider_reference_idx" ON "orders" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "orders_refund_reference_idx" ON "orders" USING btree ("refund_reference");--> statement-breakpoint
CREATE INDEX "payment_proofs_payer_email_idx" ON "payment_proofs" USING btree (lower("payer_email"));