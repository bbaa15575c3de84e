CREATE TABLE "registry_registrations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"passport_id" uuid NOT NULL,
	"registration_id" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	"version_hash" text,
	"proof" text,
	"proof_type" text,
	"proof_bytes" integer,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registry_registrations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "passports" ADD COLUMN "commodity_code" text;--> statement-breakpoint
ALTER TABLE "passports" ADD COLUMN "registered_version_hash" text;--> statement-breakpoint
ALTER TABLE "registry_registrations" ADD CONSTRAINT "registry_registrations_tenant_id_passport_id_passports_tenant_id_id_fk" FOREIGN KEY ("tenant_id","passport_id") REFERENCES "public"."passports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registry_registrations_unique_idx" ON "registry_registrations" USING btree ("tenant_id","passport_id","registration_id");--> statement-breakpoint
CREATE INDEX "registry_registrations_passport_idx" ON "registry_registrations" USING btree ("tenant_id","passport_id","created_at");