CREATE TABLE "credential_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text,
	"issuer_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"tier" text NOT NULL,
	"issuer_name" text NOT NULL,
	"credential_type" text NOT NULL,
	"organisation" text,
	"country" text,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "presentation_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nonce" text NOT NULL,
	"state" text NOT NULL,
	"passport_id" uuid,
	"purpose" text,
	"request" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"refusal" jsonb,
	"session_id" uuid,
	"kb_jwt_hash" text,
	"response_code_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trusted_issuer_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"issuer_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"details" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trusted_issuers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"keys" jsonb,
	"x5c" text,
	"credential_types" jsonb NOT NULL,
	"access_tier" text NOT NULL,
	"countries" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passport_access_log" ADD COLUMN "credential" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_sessions_token_idx" ON "credential_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "credential_sessions_issuer_idx" ON "credential_sessions" USING btree ("issuer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "presentation_transactions_kb_idx" ON "presentation_transactions" USING btree ("kb_jwt_hash");--> statement-breakpoint
CREATE INDEX "presentation_transactions_expiry_idx" ON "presentation_transactions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "trusted_issuer_audit_issuer_idx" ON "trusted_issuer_audit" USING btree ("issuer_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_issuers_issuer_idx" ON "trusted_issuers" USING btree ("issuer");