// Upgrading a store from the single revocation list (whose bits followed recalls both ways) to the
// two lists: the migration runs on a store holding the old state, and neither a recall's bit stays
// in the revocation list nor an ending status goes unrecorded. On the store the suite targets.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readTemplate } from '../../src/db/pglite-template.ts';
import { emptyEncodedList, setStatusBits } from '../../src/domain/credentials/status-list.ts';

const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const BEFORE = '0015_credential_status_purposes';

/** A copy of the migrations that stops before the two lists. */
function migrationsBefore(): string {
  const folder = mkdtempSync(join(tmpdir(), 'opendpp-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === BEFORE);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

interface Store {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteStore(): Promise<Store> {
  const template = readTemplate();
  const client = template ? new PGlite(undefined, { loadDataDir: template }) : new PGlite();
  await client.waitReady;
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresStore(serverUrl: string): Promise<Store> {
  const name = `opendpp_status_migration_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    async close() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe('migration to the revocation and suspension lists', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('drops the old list and records as revoked exactly the subjects in an ending status', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const store = serverUrl ? await postgresStore(serverUrl) : await pgliteStore();
    try {
      const before = migrationsBefore();
      folders.push(before);
      await store.migrate(before);
      const [tenant] = await store.query<{ id: string }>(
        `insert into tenants (name, subdomain, tier, passport_limit) values ('Old', 'old-node', 'free', 100) returning id`,
      );
      const tenantId = tenant?.id as string;
      const [operator] = await store.query<{ id: string }>(
        `insert into operators (tenant_id, name, reg_id, reg_id_scheme, role)
           values ($1, 'Maker', 'HRB1', 'DE-HRB', 'manufacturer') returning id`,
        [tenantId],
      );
      const passport = async (status: string) =>
        (
          await store.query<{ id: string }>(
            `insert into passports (tenant_id, product_id, product_id_scheme, category, operator_id, status, metadata)
               values ($1, gen_random_uuid()::text, 'SKU', 'batteries', $2, $3, '{}') returning id`,
            [tenantId, operator?.id, status],
          )
        )[0]?.id as string;
      const recalled = await passport('RECALLED');
      const decommissioned = await passport('DECOMMISSIONED');
      const active = await passport('ACTIVE');
      const unit = async (status: string) =>
        (
          await store.query<{ id: string }>(
            `insert into battery_units (tenant_id, passport_id, serial_number, status)
               values ($1, $2, gen_random_uuid()::text, $3) returning id`,
            [tenantId, active, status],
          )
        )[0]?.id as string;
      const recycled = await unit('RECYCLED');
      const inService = await unit('IN_SERVICE');
      const entries: [number, string, string | null][] = [
        [1, recalled, null],
        [2, decommissioned, null],
        [3, active, null],
        [4, active, recycled],
        [5, active, inService],
      ];
      for (const [index, passportId, unitId] of entries)
        await store.query(
          'insert into credential_status_entries (tenant_id, status_index, passport_id, unit_id) values ($1, $2, $3, $4)',
          [tenantId, index, passportId, unitId],
        );
      // The old list as the old node kept it: the recall's bit set in the revocation list.
      const oldList = await setStatusBits(
        await emptyEncodedList(),
        new Map([
          [1, true],
          [2, true],
          [4, true],
        ]),
      );
      await store.query(
        `insert into credential_status_lists (tenant_id, encoded_list, kid, valid_from, signed_ld, signed_jwt)
           values ($1, $2, 'k1', now(), '{}', 'a.b.c')`,
        [tenantId, oldList],
      );

      await store.migrate(MIGRATIONS);

      expect(await store.query('select * from credential_status_lists')).toEqual([]);
      const revoked = async () =>
        (
          await store.query<{ status_index: number }>(
            'select status_index from credential_status_entries where revoked_at is not null order by status_index',
          )
        ).map((row) => row.status_index);
      expect(await revoked()).toEqual([2, 4]);
      // From now on the database records an ending status as it is written.
      await store.query(`update battery_units set status = 'DECOMMISSIONED' where id = $1`, [inService]);
      await store.query(`update battery_units set status = 'IN_SERVICE' where id = $1`, [inService]);
      expect(await revoked()).toEqual([2, 4, 5]);
      await store.query(`update passports set status = 'DECOMMISSIONED' where id = $1`, [active]);
      expect(await revoked()).toEqual([2, 3, 4, 5]);
      await store.query(`update passports set status = 'ACTIVE' where id = $1`, [recalled]);
      expect(await revoked()).toEqual([2, 3, 4, 5]);
    } finally {
      await store.close();
    }
  });
});
