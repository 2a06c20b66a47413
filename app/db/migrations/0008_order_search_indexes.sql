CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "orders_provider_reference_idx" ON "orders" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "orders_refund_reference_idx" ON "orders" USING btree ("refund_reference");--> statement-breakpoint
CREATE INDEX "payment_proofs_payer_email_idx" ON "payment_proofs" USING btree (lower("payer_email"));