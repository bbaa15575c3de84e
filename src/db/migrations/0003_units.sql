CREATE TABLE "audit_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"details" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "battery_unit_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"battery_unit_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"state_of_health" double precision,
	"cycle_count" bigint,
	"remaining_capacity_ah" double precision,
	"temperature_c" double precision,
	"payload" jsonb,
	"status" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battery_unit_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "battery_units" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"passport_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"digital_link_uri" text,
	"manufactured_at" timestamp with time zone,
	"status" text DEFAULT 'IN_SERVICE' NOT NULL,
	"ceased_at" timestamp with time zone,
	"predecessor_unit_id" uuid,
	"state_of_health" double precision,
	"cycle_count" bigint,
	"remaining_capacity_ah" double precision,
	"temperature_c" double precision,
	"state_recorded_at" timestamp with time zone,
	"state_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "battery_units_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"scope_id" uuid NOT NULL,
	"key" text NOT NULL,
	"status_code" integer,
	"body" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_scope_id_key_pk" PRIMARY KEY("tenant_id","scope_id","key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "battery_unit_events" ADD CONSTRAINT "battery_unit_events_tenant_id_battery_unit_id_battery_units_tenant_id_id_fk" FOREIGN KEY ("tenant_id","battery_unit_id") REFERENCES "public"."battery_units"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battery_units" ADD CONSTRAINT "battery_units_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battery_units" ADD CONSTRAINT "battery_units_tenant_id_passport_id_passports_tenant_id_id_fk" FOREIGN KEY ("tenant_id","passport_id") REFERENCES "public"."passports"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("tenant_id","subject_id");--> statement-breakpoint
CREATE INDEX "battery_unit_events_recent_idx" ON "battery_unit_events" USING btree ("tenant_id","battery_unit_id","recorded_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "battery_units_serial_idx" ON "battery_units" USING btree ("tenant_id","passport_id","serial_number");--> statement-breakpoint
CREATE INDEX "battery_units_list_idx" ON "battery_units" USING btree ("tenant_id","passport_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "battery_units_predecessor_idx" ON "battery_units" USING btree ("tenant_id","predecessor_unit_id") WHERE "battery_units"."predecessor_unit_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_time_idx" ON "notifications" USING btree ("tenant_id","created_at");