-- Every instance caches authenticated principals (a key with its workspace). A change to a key or a
-- workspace (revocation, plan, subscription, usage counter) notifies all instances when it commits,
-- so their caches drop that workspace's principals at once.
CREATE FUNCTION opendpp_notify_tenant_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('opendpp_changes', 'tenant:' || OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION opendpp_notify_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('opendpp_changes', 'tenant:' || OLD.tenant_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tenants_notify_change
  AFTER UPDATE OR DELETE ON tenants
  FOR EACH ROW EXECUTE FUNCTION opendpp_notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_change
  AFTER UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION opendpp_notify_key_change();
