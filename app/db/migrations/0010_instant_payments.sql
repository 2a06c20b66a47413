CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"requested_by" text,
	"transaction_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" text,
	"outcome" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"checkout_url" text NOT NULL,
	"deeplink" text,
	"qr_image_url" text,
	"status" text DEFAULT 'created' NOT NULL,
	"transaction_id" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention" jsonb;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_payments" ADD CONSTRAINT "provider_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_order_attempt" ON "deliveries" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE INDEX "deliveries_open_idx" ON "deliveries" USING btree ("updated_at") WHERE "deliveries"."status" in ('sending', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_source_event" ON "payment_events" USING btree ("source","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_payments_provider_order" ON "provider_payments" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_payments_order_provider" ON "provider_payments" USING btree ("order_id","provider");--> statement-breakpoint
CREATE INDEX "provider_payments_open_idx" ON "provider_payments" USING btree ("checked_at") WHERE "provider_payments"."status" = 'created';