CREATE INDEX "passports_public_id_idx" ON "passports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "passports_public_product_idx" ON "passports" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "battery_units_public_id_idx" ON "battery_units" USING btree ("id");