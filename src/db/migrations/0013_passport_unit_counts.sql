CREATE TABLE "passport_unit_counts" (
	"tenant_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"units" bigint NOT NULL,
	CONSTRAINT "passport_unit_counts_tenant_id_passport_id_pk" PRIMARY KEY("tenant_id","passport_id")
);
--> statement-breakpoint
ALTER TABLE "passport_unit_counts" ADD CONSTRAINT "passport_unit_counts_tenant_id_passport_id_passports_tenant_id_id_fk" FOREIGN KEY ("tenant_id","passport_id") REFERENCES "public"."passports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Units serialised before the counters existed.
INSERT INTO "passport_unit_counts" ("tenant_id", "passport_id", "units")
  SELECT "tenant_id", "passport_id", count(*) FROM "battery_units" GROUP BY 1, 2;
