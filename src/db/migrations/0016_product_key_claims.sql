CREATE TABLE "gs1_company_prefixes" (
	"prefix" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_key_claims" (
	"product_key" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gs1_company_prefixes" ADD CONSTRAINT "gs1_company_prefixes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_key_claims" ADD CONSTRAINT "product_key_claims_tenant_id_passport_id_passports_tenant_id_id_fk" FOREIGN KEY ("tenant_id","passport_id") REFERENCES "public"."passports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gs1_company_prefixes_tenant_idx" ON "gs1_company_prefixes" USING btree ("tenant_id","prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "product_key_claims_passport_idx" ON "product_key_claims" USING btree ("tenant_id","passport_id");--> statement-breakpoint
-- Passports made before claims existed: each GTIN or GRAI goes to its earliest-created passport.
-- Where two workspaces already hold one key, the later passports stay without a claim and are
-- reported at boot and by `opendpp gs1 conflicts` (docs/gs1.md): existing data never fails here.
INSERT INTO "product_key_claims" ("product_key", "tenant_id", "passport_id", "claimed_at")
  SELECT DISTINCT ON ("key") "key", "tenant_id", "id", "created_at"
  FROM (
    SELECT CASE "product_id_scheme" WHEN 'GTIN' THEN '01/' ELSE '8003/' END || "product_id" AS "key",
      "tenant_id", "id", "created_at"
    FROM "passports"
    WHERE "product_id_scheme" IN ('GTIN', 'GRAI')
  ) AS "keyed"
  ORDER BY "key", "created_at", "id";
