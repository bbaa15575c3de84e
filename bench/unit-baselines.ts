// The raw baselines of the unit write benchmarks: the same rows the service writes, inserted with one
// multi-row INSERT per batch straight through `pg` (PostgreSQL) or a PGlite client (embedded), with
// the same schema, indexes and foreign keys, and no HTTP, validation or transaction around them.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { valuesList } from './lib/workload.ts';

export interface RawTarget {
  tenantId: string;
  passportId: string;
  unitIds: string[];
  query(text: string, values: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const UNIT_COLUMNS = 8;
const EVENT_COLUMNS = 11;
let serial = 0;

/** PostgreSQL: the app's own tenant, passport and units, so both write into the same tables. */
export function rawPostgres(url: string, ids: Omit<RawTarget, 'query' | 'close'>): RawTarget {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return { ...ids, query: (text, values) => pool.query(text, values), close: () => pool.end() };
}

/** PGlite: a second embedded store with the same migrations and its own tenant, passport and units. */
export async function rawPglite(units: number): Promise<RawTarget> {
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder });
  const tenantId = randomUUID();
  const operatorId = randomUUID();
  const passportId = randomUUID();
  await client.query(
    "insert into tenants (id, name, subdomain, tier, passport_limit) values ($1, 'raw', 'raw', 'enterprise', 10)",
    [tenantId],
  );
  await client.query(
    "insert into operators (tenant_id, id, name, reg_id, reg_id_scheme, role) values ($1, $2, 'raw', 'R1', 'DE-HRB', 'MANUFACTURER')",
    [tenantId, operatorId],
  );
  await client.query(
    "insert into passports (tenant_id, id, product_id, product_id_scheme, category, operator_id, status, metadata) values ($1, $2, 'P', 'SKU', 'batteries', $3, 'ACTIVE', '{}')",
    [tenantId, passportId, operatorId],
  );
  const target: RawTarget = {
    tenantId,
    passportId,
    unitIds: [],
    query: (text, values) => client.query(text, values),
    close: () => client.close(),
  };
  target.unitIds = await insertUnitBatch(target, units);
  return target;
}

export async function insertUnitBatch(target: RawTarget, size: number): Promise<string[]> {
  const now = new Date();
  const ids: string[] = [];
  const values: unknown[] = [];
  for (let i = 0; i < size; i++) {
    const id = randomUUID();
    ids.push(id);
    const serialNumber = `R${(serial++).toString(36)}`;
    values.push(
      target.tenantId,
      id,
      target.passportId,
      serialNumber,
      `https://x.test/01/0/21/${serialNumber}`,
      'IN_SERVICE',
      now,
      now,
    );
  }
  await target.query(
    `insert into battery_units (tenant_id, id, passport_id, serial_number, digital_link_uri, status, created_at, updated_at) values ${valuesList(size, UNIT_COLUMNS)}`,
    values,
  );
  return ids;
}

export async function insertEventBatch(target: RawTarget, unitId: string, size: number): Promise<void> {
  const now = new Date();
  const values: unknown[] = [];
  for (let i = 0; i < size; i++) {
    values.push(target.tenantId, randomUUID(), unitId, 'SOH_MEASUREMENT', 90, i, 50, 20, null, now, now);
  }
  await target.query(
    `insert into battery_unit_events (tenant_id, id, battery_unit_id, event_type, state_of_health, cycle_count, remaining_capacity_ah, temperature_c, payload, recorded_at, created_at) values ${valuesList(size, EVENT_COLUMNS)}`,
    values,
  );
}
