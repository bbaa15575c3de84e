-- tenants.active_passports follows every passport insert, status move, archive and delete in the
-- same transaction, so whoami and quota checks never count rows on the hot path.
CREATE FUNCTION opendpp_track_active_passports() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_active integer := 0;
  is_active integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'ACTIVE' AND OLD.archived_at IS NULL THEN
    was_active := 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'ACTIVE' AND NEW.archived_at IS NULL THEN
    is_active := 1;
  END IF;
  IF is_active <> was_active THEN
    UPDATE tenants SET active_passports = active_passports + is_active - was_active
      WHERE id = COALESCE(NEW.tenant_id, OLD.tenant_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER passports_track_active
  AFTER INSERT OR DELETE OR UPDATE OF status, archived_at ON passports
  FOR EACH ROW EXECUTE FUNCTION opendpp_track_active_passports();
