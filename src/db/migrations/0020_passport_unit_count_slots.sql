-- A passport's unit count in a few slots, summed on read, so concurrent serialisations do not queue on one row.
ALTER TABLE "passport_unit_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passport_unit_counts" DROP CONSTRAINT "passport_unit_counts_tenant_id_passport_id_pk";--> statement-breakpoint
ALTER TABLE "passport_unit_counts" ADD CONSTRAINT "passport_unit_counts_tenant_id_passport_id_slot_pk" PRIMARY KEY("tenant_id","passport_id","slot");
