// Verifiable credentials: each workspace's revocation list, the list index of every passport and
// unit a credential was issued for, and the signed credentials kept for reuse.
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { tenants } from './tenancy.ts';

/** The workspace's Bitstring Status List as last signed: re-signed only when a bit or the key changes. */
export const credentialStatusLists = pgTable('credential_status_lists', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** GZIP, base64url, multibase `u`: the list's bits. */
  encodedList: text('encoded_list').notNull(),
  /** The signing key's kid. */
  kid: text('kid').notNull(),
  /** When this state of the list was produced: the credentials' validFrom. */
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
  /** The list credential with an embedded ecdsa-jcs-2019 proof (application/vc+ld+json). */
  signedLd: text('signed_ld').notNull(),
  /** The same credential as a compact JWS (application/vc+jwt). */
  signedJwt: text('signed_jwt').notNull(),
});

/**
 * The list index of a passport (unit_id null) or of one of its units. An index belongs to its
 * subject for good and is never reused; no foreign key, so the row outlives what it names.
 */
export const credentialStatusEntries = pgTable(
  'credential_status_entries',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    statusIndex: integer('status_index').notNull(),
    passportId: uuid('passport_id').notNull(),
    unitId: uuid('unit_id'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.statusIndex] }),
    uniqueIndex('credential_status_passport_idx')
      .on(table.tenantId, table.passportId)
      .where(sql`unit_id is null`),
    uniqueIndex('credential_status_unit_idx')
      .on(table.tenantId, table.unitId)
      .where(sql`unit_id is not null`),
  ],
);

/**
 * Signed credentials, issued once per passport version, tier, key, form and unit (the cache key)
 * and served again as they are. `fingerprint` is the SHA-256 of the unsigned credential: a change
 * that does not move the version (an operator renamed) issues anew.
 */
export const issuedCredentials = pgTable(
  'issued_credentials',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    cacheKey: text('cache_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    body: text('body').notNull(),
    issuedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.cacheKey] })],
);
