// A fingerprint of everything the workspaces under test hold: the no-500 properties compare it
// before and after a refused write, to tell that the refusal left nothing behind.
//
// It leaves nothing out, because nothing else writes to these rows while a property runs. The
// service's own background work does not run in a test app: the webhook delivery worker (which
// writes only the outbox and the delivery log, not read here) and the hourly idempotency purge
// (which removes records older than 24 hours, and the properties make none) are started by
// src/server.ts, not by buildApp; no request leaves work running after its answer; API keys and
// sessions keep no last-use time here, and the passport access log and rate-limit counters are
// not among these tables.
// What once changed the fingerprint mid-check was a property of the same file that had timed out
// and went on sending writes; no-500.test.ts now stops a timed-out property at its next run.
// Test files of other workers cannot write here either: each worker has a database of its own,
// on PostgreSQL too (helpers/db.ts), which is what lets the workspace list be read whole, so that
// a refused workspace creation that wrote a workspace would show.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { testDatabase } from '../helpers/db.ts';

/** Everything the workspaces under test hold, and the workspace list: what a failed write must not touch. */
export async function storeFingerprint(tenants: string[]): Promise<string> {
  const { db } = await testDatabase();
  const ids = sql.join(
    tenants.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const tables = [
    'api_keys',
    'members',
    'operators',
    'facilities',
    'passports',
    'passport_versions',
    'battery_units',
    'battery_unit_events',
    'idempotency_keys',
    'audit_events',
    'webhook_subscriptions',
    'traceability_events',
  ];
  const parts = tables.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(table)} t where t.tenant_id in (${ids}))`,
  );
  const [row] = await queryRows<{ fingerprint: string }>(
    db,
    sql`select concat_ws(',', ${sql.join(parts, sql`, `)}, (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from tenants t)) as fingerprint`,
  );
  return row?.fingerprint ?? '';
}
