CREATE TABLE "traceability_event_epcs" (
	"tenant_id" uuid NOT NULL,
	"event_row_id" uuid NOT NULL,
	"field" text NOT NULL,
	"product_key" text NOT NULL,
	"uri" text NOT NULL,
	CONSTRAINT "traceability_event_epcs_tenant_id_event_row_id_field_uri_pk" PRIMARY KEY("tenant_id","event_row_id","field","uri")
);
--> statement-breakpoint
ALTER TABLE "traceability_events" ADD COLUMN "biz_step" text;--> statement-breakpoint
ALTER TABLE "traceability_events" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "traceability_events" ADD COLUMN "biz_location" text;--> statement-breakpoint
CREATE INDEX "traceability_epcs_key_idx" ON "traceability_event_epcs" USING btree ("tenant_id","product_key" text_pattern_ops,"field");--> statement-breakpoint
CREATE INDEX "traceability_events_time_idx" ON "traceability_events" USING btree ("tenant_id","event_time","id");--> statement-breakpoint
CREATE INDEX "traceability_events_biz_step_idx" ON "traceability_events" USING btree ("tenant_id","biz_step","event_time","id");--> statement-breakpoint
CREATE INDEX "traceability_events_disposition_idx" ON "traceability_events" USING btree ("tenant_id","disposition","event_time","id");--> statement-breakpoint
CREATE INDEX "traceability_events_biz_location_idx" ON "traceability_events" USING btree ("tenant_id","biz_location","event_time","id");--> statement-breakpoint
UPDATE "traceability_events" SET "biz_step" = "event"->>'bizStep', "disposition" = "event"->>'disposition', "biz_location" = "event"->>'bizLocation';
