CREATE TABLE "sign_in_locks" (
	"tenant_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"address" text NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_locks_tenant_id_member_id_address_pk" PRIMARY KEY("tenant_id","member_id","address")
);
--> statement-breakpoint
ALTER TABLE "sign_in_locks" ADD CONSTRAINT "sign_in_locks_tenant_id_member_id_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_locks_updated_idx" ON "sign_in_locks" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "locked_until";