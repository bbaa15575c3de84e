// The migration that gives each GS1 key one owner must take a store whose passports already break
// the rule: two workspaces' passports carrying one GTIN get one claim (the earliest-created
// passport's), nothing fails, SKUs claim nothing. Runs on a fresh PGlite, and on a PostgreSQL
// database of its own when TEST_DATABASE_URL is set.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { productKeyClaims } from '../../src/db/schema.ts';
import { batteryMetadata, newGtin13 } from '../helpers/passports.ts';
import { scratchDatabase } from '../helpers/scratch-database.ts';

// The three tables as the migration before the claims one left them, only the columns written here:
// the schema of today has columns later migrations add, which this older database does not have.
const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull(),
  tier: text('tier').notNull(),
  passportLimit: integer('passport_limit').notNull(),
});
const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  name: text('name').notNull(),
  regId: text('reg_id').notNull(),
  regIdScheme: text('reg_id_scheme').notNull(),
  role: text('role').notNull(),
});
const passports = pgTable('passports', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  productId: text('product_id').notNull(),
  productIdScheme: text('product_id_scheme').notNull(),
  category: text('category').notNull(),
  operatorId: uuid('operator_id'),
  status: text('status').notNull(),
  metadata: jsonb('metadata').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const CLAIMS_MIGRATION = /_product_key_claims$/;

/** A copy of the migrations folder that stops before the claims migration. */
function migrationsBeforeClaims(): string {
  const folder = mkdtempSync(join(tmpdir(), 'opendpp-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => CLAIMS_MIGRATION.test(entry.tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

interface Store {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteStore(): Promise<Store> {
  const client = new PGlite();
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresStore(serverUrl: string): Promise<Store> {
  const scratch = await scratchDatabase(serverUrl, 'opendpp_claims_migration');
  const pool = new pg.Pool({ connectionString: scratch.url });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const stores: [string, () => Promise<Store>][] = [['PGlite', pgliteStore]];
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) stores.push(['PostgreSQL', () => postgresStore(serverUrl)]);

describe.each(stores)('the product key claims migration on %s', (_name, open) => {
  it('claims each GS1 key for its earliest passport, and does not fail on keys two workspaces share', async () => {
    const store = await open();
    try {
      const before = migrationsBeforeClaims();
      folders.push(before);
      await store.migrate(before);
      const { db } = store;
      const made = await db
        .insert(tenants)
        .values(
          ['a', 'b'].map((name) => ({
            name,
            subdomain: `mig-${name}`,
            tier: 'growth',
            passportLimit: 100,
          })),
        )
        .returning({ id: tenants.id });
      const [a, b] = made.map((row) => row.id) as [string, string];
      const ops = await db
        .insert(operators)
        .values(
          [a, b].map((tenantId) => ({
            tenantId,
            name: 'Op',
            regId: 'R1',
            regIdScheme: 'DE-HRB',
            role: 'MANUFACTURER',
          })),
        )
        .returning({ id: operators.id, tenantId: operators.tenantId });
      const operatorOf = (tenantId: string) => ops.find((row) => row.tenantId === tenantId)?.id as string;
      const shared = `0${newGtin13()}`;
      const single = `0${newGtin13()}`;
      const passport = (tenantId: string, productId: string, scheme: string, createdAt: string) => ({
        tenantId,
        productId,
        productIdScheme: scheme,
        category: 'batteries',
        operatorId: operatorOf(tenantId),
        status: 'ACTIVE',
        metadata: batteryMetadata(),
        createdAt: new Date(createdAt),
      });
      const rows = await db
        .insert(passports)
        .values([
          passport(b, shared, 'GTIN', '2025-03-01T00:00:00Z'),
          passport(a, shared, 'GTIN', '2025-01-01T00:00:00Z'),
          passport(a, single, 'GTIN', '2025-02-01T00:00:00Z'),
          passport(a, 'SKU-1', 'SKU', '2025-01-01T00:00:00Z'),
          passport(b, 'SKU-1', 'SKU', '2025-01-02T00:00:00Z'),
          passport(b, `${single}A7`, 'GRAI', '2025-01-03T00:00:00Z'),
        ])
        .returning({ id: passports.id, tenantId: passports.tenantId, productId: passports.productId });
      const idOf = (tenantId: string, productId: string) =>
        rows.find((row) => row.tenantId === tenantId && row.productId === productId)?.id;

      await store.migrate(MIGRATIONS);

      const claims = await db.select().from(productKeyClaims).orderBy(asc(productKeyClaims.productKey));
      expect(
        claims.map(({ productKey, tenantId, passportId }) => ({ productKey, tenantId, passportId })),
      ).toEqual(
        [
          { productKey: `01/${shared}`, tenantId: a, passportId: idOf(a, shared) },
          { productKey: `01/${single}`, tenantId: a, passportId: idOf(a, single) },
          { productKey: `8003/${single}A7`, tenantId: b, passportId: idOf(b, `${single}A7`) },
        ].sort((x, y) => x.productKey.localeCompare(y.productKey)),
      );
    } finally {
      await store.close();
    }
  });
});
