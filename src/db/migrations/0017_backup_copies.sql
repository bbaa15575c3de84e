CREATE TABLE "backup_copies" (
	"partner_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"product_id" text,
	"version_hash" text NOT NULL,
	"document_box" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_copies_partner_id_passport_id_version_pk" PRIMARY KEY("partner_id","passport_id","version")
);
--> statement-breakpoint
CREATE TABLE "backup_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"origin_base_url" text NOT NULL,
	"seal_ca_pem" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backup_units" (
	"partner_id" uuid NOT NULL,
	"passport_id" uuid NOT NULL,
	"units_box" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_units_partner_id_passport_id_pk" PRIMARY KEY("partner_id","passport_id")
);
--> statement-breakpoint
ALTER TABLE "backup_copies" ADD CONSTRAINT "backup_copies_partner_id_backup_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."backup_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_units" ADD CONSTRAINT "backup_units_partner_id_backup_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."backup_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_copies_passport_idx" ON "backup_copies" USING btree ("passport_id","version");--> statement-breakpoint
CREATE INDEX "backup_copies_product_idx" ON "backup_copies" USING btree ("partner_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_partners_token_idx" ON "backup_partners" USING btree ("token_hash");