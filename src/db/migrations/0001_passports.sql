CREATE TABLE "facilities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"gln" text NOT NULL,
	"name" text NOT NULL,
	"activity" text NOT NULL,
	"country" text NOT NULL,
	"address" jsonb,
	"operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facilities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"reg_id" text NOT NULL,
	"reg_id_scheme" text NOT NULL,
	"role" text NOT NULL,
	"country" text,
	"address" jsonb,
	"registry_status" text DEFAULT 'unchecked' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "passport_access_log" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"passport_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"accessor" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passport_access_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "passport_versions" (
	"tenant_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"document" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"changed_by" text,
	"change_reason" text,
	CONSTRAINT "passport_versions_tenant_id_passport_id_version_pk" PRIMARY KEY("tenant_id","passport_id","version")
);
--> statement-breakpoint
CREATE TABLE "passports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" text NOT NULL,
	"product_id_scheme" text NOT NULL,
	"category" text NOT NULL,
	"origin_country" text,
	"operator_id" uuid NOT NULL,
	"facility_id" uuid,
	"granularity" text DEFAULT 'model' NOT NULL,
	"status" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"retention_until" timestamp with time zone,
	"digital_seal" jsonb,
	"signing_public_key" jsonb,
	"proof" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_versions" ADD CONSTRAINT "passport_versions_tenant_id_passport_id_passports_tenant_id_id_fk" FOREIGN KEY ("tenant_id","passport_id") REFERENCES "public"."passports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passports" ADD CONSTRAINT "passports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passports" ADD CONSTRAINT "passports_tenant_id_operator_id_operators_tenant_id_id_fk" FOREIGN KEY ("tenant_id","operator_id") REFERENCES "public"."operators"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_gln_idx" ON "facilities" USING btree ("tenant_id","gln");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_registration_idx" ON "operators" USING btree ("tenant_id","reg_id_scheme","reg_id");--> statement-breakpoint
CREATE INDEX "passport_access_log_idx" ON "passport_access_log" USING btree ("tenant_id","passport_id","at");--> statement-breakpoint
CREATE INDEX "passport_versions_time_idx" ON "passport_versions" USING btree ("tenant_id","passport_id","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "passports_product_idx" ON "passports" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "passports_operator_idx" ON "passports" USING btree ("tenant_id","operator_id");--> statement-breakpoint
CREATE INDEX "passports_list_idx" ON "passports" USING btree ("tenant_id","created_at","id");