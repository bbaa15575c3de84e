CREATE TABLE "access_grants" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"passport_id" uuid,
	"operator_id" uuid,
	"tier" text NOT NULL,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"grantee" jsonb NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone,
	"token_hash" text,
	"token_box" text,
	"request_secret_hash" text,
	"collected_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_grants_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "passport_access_log" ADD COLUMN "grant_id" uuid;--> statement-breakpoint
ALTER TABLE "passport_access_log" ADD COLUMN "representation" text;--> statement-breakpoint
ALTER TABLE "passport_access_log" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_token_idx" ON "access_grants" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_id_idx" ON "access_grants" USING btree ("id");--> statement-breakpoint
CREATE INDEX "access_grants_list_idx" ON "access_grants" USING btree ("tenant_id","created_at","id");