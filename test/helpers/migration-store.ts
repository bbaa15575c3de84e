// A store migrated step by step, for tests of a migration on data written before it: the migrations
// folder copied up to a given migration, and a fresh store (PGlite, or a scratch PostgreSQL database
// when TEST_DATABASE_URL is set) that runs it, then the whole folder.
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
import { testDatabaseUrl } from './db.ts';
import { scratchDatabase } from './scratch-database.ts';

export const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

export interface MigrationStore {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Applies the migrations of `folder` not yet applied. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A copy of the migrations folder that stops before the migration tagged `tag`; removed on close. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'opendpp-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

async function openStore(): Promise<MigrationStore> {
  const serverUrl = await testDatabaseUrl();
  if (!serverUrl) {
    const client = new PGlite();
    await client.waitReady;
    return {
      query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const scratch = await scratchDatabase(serverUrl, 'opendpp_migration');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

/** A store migrated up to, not including, the migration tagged `tag`. */
export async function storeBefore(tag: string): Promise<MigrationStore> {
  const folder = migrationsBefore(tag);
  const store = await openStore();
  try {
    await store.migrate(folder);
  } catch (error) {
    await store.close();
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return store;
}
