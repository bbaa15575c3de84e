-- Two status lists per workspace (revocation and suspension) instead of one revocation list whose
-- bits followed the statuses both ways. The stored lists are dropped: they held bits a recall had
-- set under the old meaning, and each is rebuilt and re-signed from the entries on its next read.
DELETE FROM "credential_status_lists";--> statement-breakpoint
ALTER TABLE "credential_status_lists" DROP CONSTRAINT "credential_status_lists_pkey";--> statement-breakpoint
ALTER TABLE "credential_status_lists" ADD COLUMN "status_purpose" text NOT NULL;--> statement-breakpoint
ALTER TABLE "credential_status_lists" ADD CONSTRAINT "credential_status_lists_tenant_id_status_purpose_pk" PRIMARY KEY("tenant_id","status_purpose");--> statement-breakpoint
DROP INDEX "credential_status_passport_idx";--> statement-breakpoint
DROP INDEX "credential_status_unit_idx";--> statement-breakpoint
ALTER TABLE "credential_status_entries" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credential_status_entries" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "credential_status_subject_idx" ON "credential_status_entries" USING btree ("tenant_id","passport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_passport_idx" ON "credential_status_entries" USING btree ("tenant_id","passport_id","generation") WHERE unit_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_unit_idx" ON "credential_status_entries" USING btree ("tenant_id","unit_id","generation") WHERE unit_id is not null;--> statement-breakpoint
-- Revocation is recorded by the database when a subject enters an ending status, whatever writes
-- it, so a decommission undone before anyone read the list still revokes for good. The statuses are
-- those of src/domain/credentials/revocation.ts: a passport DECOMMISSIONED (its units' indexes
-- too), a unit DECOMMISSIONED or RECYCLED.
CREATE FUNCTION opendpp_subject_ending(p_tenant uuid, p_passport uuid, p_unit uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM passports
                  WHERE tenant_id = p_tenant AND id = p_passport AND status = 'DECOMMISSIONED')
      OR (p_unit IS NOT NULL AND EXISTS (SELECT 1 FROM battery_units
                  WHERE tenant_id = p_tenant AND id = p_unit AND status IN ('DECOMMISSIONED', 'RECYCLED')))
$$;
--> statement-breakpoint
CREATE FUNCTION opendpp_revoke_new_status_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NULL AND opendpp_subject_ending(NEW.tenant_id, NEW.passport_id, NEW.unit_id) THEN
    NEW.revoked_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER credential_status_entries_revoke_new
  BEFORE INSERT ON credential_status_entries
  FOR EACH ROW EXECUTE FUNCTION opendpp_revoke_new_status_entry();
--> statement-breakpoint
CREATE FUNCTION opendpp_revoke_passport_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'DECOMMISSIONED' AND OLD.status IS DISTINCT FROM NEW.status THEN
    UPDATE credential_status_entries SET revoked_at = now()
      WHERE tenant_id = NEW.tenant_id AND passport_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER passports_revoke_status_entries
  AFTER UPDATE OF status ON passports
  FOR EACH ROW EXECUTE FUNCTION opendpp_revoke_passport_entries();
--> statement-breakpoint
CREATE FUNCTION opendpp_revoke_unit_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('DECOMMISSIONED', 'RECYCLED') AND OLD.status IS DISTINCT FROM NEW.status THEN
    UPDATE credential_status_entries SET revoked_at = now()
      WHERE tenant_id = NEW.tenant_id AND unit_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER battery_units_revoke_status_entries
  AFTER UPDATE OF status ON battery_units
  FOR EACH ROW EXECUTE FUNCTION opendpp_revoke_unit_entries();
--> statement-breakpoint
-- Subjects in an ending status now are revoked from here on.
UPDATE "credential_status_entries" SET "revoked_at" = now()
  WHERE opendpp_subject_ending("tenant_id", "passport_id", "unit_id");
