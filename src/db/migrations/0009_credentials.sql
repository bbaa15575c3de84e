CREATE TABLE "credential_status_entries" (
	"tenant_id" uuid NOT NULL,
	"status_index" integer NOT NULL,
	"passport_id" uuid NOT NULL,
	"unit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_status_entries_tenant_id_status_index_pk" PRIMARY KEY("tenant_id","status_index")
);
--> statement-breakpoint
CREATE TABLE "credential_status_lists" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"encoded_list" text NOT NULL,
	"kid" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"signed_ld" text NOT NULL,
	"signed_jwt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_credentials" (
	"tenant_id" uuid NOT NULL,
	"cache_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_credentials_tenant_id_cache_key_pk" PRIMARY KEY("tenant_id","cache_key")
);
--> statement-breakpoint
ALTER TABLE "credential_status_entries" ADD CONSTRAINT "credential_status_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_status_lists" ADD CONSTRAINT "credential_status_lists_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_credentials" ADD CONSTRAINT "issued_credentials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_passport_idx" ON "credential_status_entries" USING btree ("tenant_id","passport_id") WHERE unit_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_unit_idx" ON "credential_status_entries" USING btree ("tenant_id","unit_id") WHERE unit_id is not null;