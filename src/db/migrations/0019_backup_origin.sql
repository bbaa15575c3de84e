CREATE TABLE "backup_outbox" (
	"tenant_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"response_code" integer,
	"error" text,
	"backup_uri" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_outbox_tenant_id_target_id_passport_id_version_pk" PRIMARY KEY("tenant_id","target_id","passport_id","version")
);
--> statement-breakpoint
CREATE TABLE "backup_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"token" text NOT NULL,
	"workspace_ids" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passport_versions" ADD COLUMN "version_hash" text;--> statement-breakpoint
ALTER TABLE "passport_versions" ADD COLUMN "backup_uri" text;--> statement-breakpoint
ALTER TABLE "passports" ADD COLUMN "version_hash" text;--> statement-breakpoint
ALTER TABLE "passports" ADD COLUMN "backup" jsonb;--> statement-breakpoint
CREATE INDEX "backup_outbox_due_idx" ON "backup_outbox" USING btree ("next_attempt_at") WHERE status = 'pending';