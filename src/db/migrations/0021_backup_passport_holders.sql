CREATE TABLE "backup_host_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"details" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_passport_holders" (
	"passport_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_passport_holders" ADD CONSTRAINT "backup_passport_holders_partner_id_backup_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."backup_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_host_audit_partner_idx" ON "backup_host_audit" USING btree ("partner_id","at");--> statement-breakpoint
CREATE INDEX "backup_passport_holders_partner_idx" ON "backup_passport_holders" USING btree ("partner_id");--> statement-breakpoint
-- Copies stored before ids had one holder: each passport id goes to the partner whose copy of it came
-- first; copies another partner stored of the same id stay, unanswered, until that partner is removed.
INSERT INTO "backup_passport_holders" ("passport_id", "partner_id", "claimed_at")
SELECT DISTINCT ON ("passport_id") "passport_id", "partner_id", "received_at"
FROM "backup_copies"
ORDER BY "passport_id", "received_at", "partner_id";
