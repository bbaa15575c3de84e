// Fleet-scale data made in SQL, in the service's own schema, so the node reads it like rows it
// wrote: units serialised under the workspace's passports (serial, Digital Link, current state
// snapshot pointing at the newest event) and EVENTS_PER_UNIT weekly readings each, newest first.
// Large growths drop the events table's keys and the units' secondary indexes, load in chunks,
// and rebuild them from their own definitions (sorted builds instead of random B-tree inserts),
// leaving the schema exactly as the migrations made it.
import pg from 'pg';

export const EVENTS_PER_UNIT = 10;

export interface FleetTarget {
  tenantId: string;
  baseUrl: string;
  passports: { id: string; gtin: string }[];
}

/** One statement: units `from`..`to` (1-based serial numbers) and their events. */
const CHUNK_SQL = `
with made as (
  insert into battery_units (tenant_id, id, passport_id, serial_number, digital_link_uri, manufactured_at,
    status, state_of_health, cycle_count, remaining_capacity_ah, temperature_c, state_recorded_at,
    state_event_id, created_at, updated_at)
  select $1::uuid, u.id, ($2::uuid[])[1 + n % cardinality($2::uuid[])], 'F' || n,
    $4 || '/01/' || ($3::text[])[1 + n % cardinality($2::uuid[])] || '/21/F' || n,
    now() - interval '2 years', 'IN_SERVICE', 100 - (n % 20), 400 + n % 300, 50 - (n % 10), 20 + n % 15,
    date_trunc('milliseconds', now() - (n % 1000) * interval '1 minute'),
    md5(u.id::text || ':0')::uuid,
    now() - (n % 100000) * interval '1 second', now()
  from (select n, gen_random_uuid() as id from generate_series($5::bigint, $6::bigint) as n) as u
  returning tenant_id, id, state_recorded_at, state_of_health, cycle_count, remaining_capacity_ah, temperature_c
)
insert into battery_unit_events (tenant_id, id, battery_unit_id, event_type, state_of_health, cycle_count,
  remaining_capacity_ah, temperature_c, recorded_at, created_at)
select tenant_id, md5(id::text || ':' || w)::uuid, id, 'SOH_MEASUREMENT', least(100, state_of_health + w * 0.1),
  greatest(0, cycle_count - w * 7), remaining_capacity_ah + w * 0.05, temperature_c,
  state_recorded_at - w * interval '7 days', state_recorded_at - w * interval '7 days'
from made, generate_series(0, ${EVENTS_PER_UNIT - 1}) as w`;

interface Definition {
  table: string;
  name: string;
  kind: 'index' | 'constraint';
  sql: string;
}

/** The events table's primary key, foreign key and indexes, and the units' secondary indexes. */
async function droppable(client: pg.Client): Promise<Definition[]> {
  const constraints = await client.query<{ table: string; name: string; sql: string }>(`
    select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as sql
      from pg_constraint where conrelid = 'battery_unit_events'::regclass and contype in ('p', 'f')
      order by contype = 'f'`);
  const indexes = await client.query<{ table: string; name: string; sql: string }>(`
    select tablename as table, indexname as name, indexdef as sql from pg_indexes
     where (tablename = 'battery_unit_events' or tablename = 'battery_units')
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`);
  return [
    ...constraints.rows.map((row) => ({ ...row, kind: 'constraint' as const })),
    ...indexes.rows.map((row) => ({ ...row, kind: 'index' as const })),
  ];
}

export async function grow(
  url: string,
  target: FleetTarget,
  from: number,
  to: number,
  {
    rebuild,
    chunk = 50_000,
    log = (_: string) => {},
  }: { rebuild: boolean; chunk?: number; log?: (line: string) => void },
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '1GB'`);
    const definitions = rebuild ? await droppable(client) : [];
    // Indexes, then the foreign key, then the primary key; rebuilt in the opposite order.
    for (const definition of [...definitions].reverse()) {
      await client.query(
        definition.kind === 'constraint'
          ? `alter table ${definition.table} drop constraint ${definition.name}`
          : `drop index ${definition.name}`,
      );
    }
    const ids = target.passports.map((passport) => passport.id);
    const gtins = target.passports.map((passport) => passport.gtin);
    for (let first = from; first <= to; first += chunk) {
      const last = Math.min(to, first + chunk - 1);
      const began = performance.now();
      await client.query(CHUNK_SQL, [target.tenantId, ids, gtins, target.baseUrl, first, last]);
      log(`  units ${first}..${last} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
    }
    for (const definition of definitions) {
      const began = performance.now();
      await client.query(
        definition.kind === 'constraint'
          ? `alter table ${definition.table} add constraint ${definition.name} ${definition.sql}`
          : definition.sql,
      );
      log(`  rebuilt ${definition.name} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
    }
    // The passports' unit counters, as serialisation keeps them.
    await client.query('delete from passport_unit_counts where tenant_id = $1', [target.tenantId]);
    await client.query(
      `insert into passport_unit_counts (tenant_id, passport_id, units)
       select tenant_id, passport_id, count(*) from battery_units where tenant_id = $1 group by 1, 2`,
      [target.tenantId],
    );
    await client.query('analyze battery_units');
    await client.query('analyze battery_unit_events');
  } finally {
    await client.end();
  }
}
