CREATE TABLE "console_serialisations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"passport_ref" text NOT NULL,
	"lines" integer NOT NULL,
	"unit_ids" jsonb NOT NULL,
	"refused" jsonb NOT NULL,
	"stopped" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_serialisations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "console_serialisations" ADD CONSTRAINT "console_serialisations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;