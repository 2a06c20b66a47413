CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate" text NOT NULL,
	"effective_on" date NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"set_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_periods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"granted_by" text,
	"note" text,
	"reminder_sent_at" timestamp with time zone,
	"ended_mail_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_periods_positive" CHECK ("membership_periods"."ends_at" > "membership_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"method" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"priority" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "checks_player_id" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "has_zone_field" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "topup_packages" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "topup_packages" ADD COLUMN "bonus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_packages" ADD COLUMN "bs_follows_rate" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "format" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "prize_split" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_check_ins" ADD CONSTRAINT "competition_check_ins_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entrants" ADD CONSTRAINT "competition_entrants_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_settings" ADD CONSTRAINT "competition_settings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_periods" ADD CONSTRAINT "membership_periods_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "competition_audit_tournament_idx" ON "competition_audit" USING btree ("tournament_id","id");--> statement-breakpoint
CREATE INDEX "competition_check_ins_tournament_idx" ON "competition_check_ins" USING btree ("tournament_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entrants_seed" ON "competition_entrants" USING btree ("tournament_id","seed");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entrants_participant" ON "competition_entrants" USING btree ("tournament_id","participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_lobby_results_placement" ON "competition_lobby_results" USING btree ("tournament_id","lobby_match","placement");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_reports_team" ON "competition_reports" USING btree ("tournament_id","match_id","registration_id");--> statement-breakpoint
CREATE INDEX "membership_periods_user_idx" ON "membership_periods" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_periods_order_unique" ON "membership_periods" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "membership_periods_ends_idx" ON "membership_periods" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "support_messages_queue_idx" ON "support_messages" USING btree ("status","priority","created_at");--> statement-breakpoint
CREATE INDEX "orders_queue_idx" ON "orders" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_queue_method_idx" ON "orders" USING btree ("status","payment_method","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'initiated';--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "orders_gamer_id_idx" ON "orders" USING btree ("gamer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_proofs_reference_idx" ON "payment_proofs" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_proofs_transaction_idx" ON "payment_proofs" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "registrations_order_idx" ON "registrations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "registrations_tournament_idx" ON "registrations" USING btree ("tournament_id","status");--> statement-breakpoint
CREATE INDEX "tournaments_status_date_idx" ON "tournaments" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","id");