CREATE TABLE "seal_authority" (
	"id" smallint PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"private_key_box" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seal_authority_single_row" CHECK ("seal_authority"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"tenant_id" uuid NOT NULL,
	"id" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_box" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "signing_keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_active_idx" ON "signing_keys" USING btree ("tenant_id") WHERE status = 'active';