// A fingerprint of everything the workspaces under test hold: the no-500 properties compare it
// before and after a refused write, to tell that the refusal left nothing behind.
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
