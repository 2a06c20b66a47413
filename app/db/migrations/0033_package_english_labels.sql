ALTER TABLE "order_items" ADD COLUMN "label_en" text;--> statement-breakpoint
ALTER TABLE "topup_packages" ADD COLUMN "label_en" text;