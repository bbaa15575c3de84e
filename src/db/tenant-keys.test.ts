// The schema can be distributed by workspace (docs/scaling.md): every table but the node-wide ones
// carries tenant_id, leads its primary key, unique keys and foreign keys with it, and its indexes too,
// except the few lookups that run before the workspace is known. A new table or index that breaks
// the rule fails here until it is either keyed by workspace or added, with its reason, to the list
// below and to docs/scaling.md.
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

/** Node-wide tables: reference tables under a distributed PostgreSQL. */
const NODE_WIDE = [
  'tenants',
  'platform_settings',
  'seal_authority',
  'backup_targets', // the nodes the platform admin pushes backup copies to, for every workspace
  'product_key_claims', // one owner per GS1 key across the node: keyed by the key (docs/gs1.md)
  'gs1_company_prefixes', // a prefix belongs to one workspace across the node: keyed by the prefix
  'backup_partners', // other nodes this node keeps backup copies for (docs/backup.md)
  'backup_copies', // keyed by the partner: the copies belong to no workspace of this node
  'backup_units', // keyed by the partner, like the copies
  'backup_passport_holders', // one holding partner per passport id across the node: keyed by the id
  'backup_host_audit', // the platform admin's removals of partners, who belong to no workspace
  'trusted_issuers', // the platform admin's trust list, for every workspace (docs/credential-access.md)
  'trusted_issuer_audit', // the platform admin's changes to that list
  'presentation_transactions', // a wallet's presentation, made before any workspace is named
  'credential_sessions', // a verified credential reads every workspace's published passports
];

/** Indexes that do not lead with tenant_id, each for a lookup made before the workspace is known. */
const UNSCOPED_INDEXES = [
  'api_keys_prefix_idx', // authenticating a presented token
  'passports_public_id_idx', // public resolution by passport id
  'passports_public_product_idx', // public resolution by GS1 key (GTIN)
  'battery_units_public_id_idx', // public resolution by unit id
  'idempotency_keys_created_idx', // the hourly purge across workspaces
  'access_grants_token_idx', // resolving a presented grant token
  'access_grants_id_idx', // a requester's private status link (request id and secret)
  'webhook_outbox_due_idx', // the delivery workers' claim of due rows across workspaces
  'backup_outbox_due_idx', // the backup worker's claim of due pushes across workspaces
  'member_invitations_token_idx', // opening an invitation link
  'sign_in_locks_updated_idx', // the hourly purge of idle sign-in counts across workspaces
];

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table));

describe('keys by workspace', () => {
  it('finds the tables', () => {
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['passports', 'battery_unit_events']));
  });

  for (const table of tables.filter((t) => !NODE_WIDE.includes(t.name))) {
    it(`${table.name} is keyed and indexed by tenant_id first`, () => {
      expect(table.columns.find((c) => c.name === 'tenant_id')?.notNull).toBe(true);
      // A table keyed by the workspace alone declares its primary key on the column.
      const primary =
        table.primaryKeys[0]?.columns.map((c) => c.name) ??
        table.columns.filter((c) => c.primary).map((c) => c.name);
      expect(primary[0]).toBe('tenant_id');
      for (const foreign of table.foreignKeys) {
        const reference = foreign.reference();
        const target = getTableConfig(reference.foreignTable).name;
        const first = reference.columns[0]?.name;
        // A reference to the workspace itself is by tenant_id; any other leads with it.
        expect(target === 'tenants' || first === 'tenant_id', `${table.name} → ${target}`).toBe(true);
      }
      for (const index of table.indexes) {
        const name = index.config.name ?? '';
        if (UNSCOPED_INDEXES.includes(name)) continue;
        const first = index.config.columns[0] as { name?: string } | undefined;
        expect(first?.name, name).toBe('tenant_id');
      }
    });
  }

  it('has no stale exception', () => {
    const names = tables.flatMap((t) => t.indexes.map((i) => i.config.name));
    for (const name of UNSCOPED_INDEXES) expect(names).toContain(name);
    for (const name of NODE_WIDE) expect(tables.map((t) => t.name)).toContain(name);
  });
});
