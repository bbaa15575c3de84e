CREATE TABLE "passport_renditions" (
	"tenant_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"stamp" text NOT NULL,
	"etag" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "passport_renditions_tenant_id_passport_id_variant_pk" PRIMARY KEY("tenant_id","passport_id","variant")
);
--> statement-breakpoint
ALTER TABLE "passport_renditions" ADD CONSTRAINT "passport_renditions_tenant_id_passport_id_passports_tenant_id_id_fk" FOREIGN KEY ("tenant_id","passport_id") REFERENCES "public"."passports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;