// Verifiable credentials: each workspace's status lists (revocation, suspension), the list index of
// every passport and unit a credential was issued for, and the signed credentials kept for reuse.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StatusPurpose } from '../../domain/credentials/status-list.ts';
import { createdAt } from './columns.ts';
import { tenants } from './tenancy.ts';

/**
 * The workspace's Bitstring Status List of one purpose as last signed: re-signed only when a bit or
 * the key changes.
 */
export const credentialStatusLists = pgTable(
  'credential_status_lists',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** `revocation` or `suspension`. */
    statusPurpose: text('status_purpose').$type<StatusPurpose>().notNull(),
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
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.statusPurpose] })],
);

/**
 * The list indexes of a passport (unit_id null) or of one of its units. An index belongs to its
 * subject for good and is never reused; no foreign key, so the row outlives what it names. A
 * subject holds one index per generation: once its index is revoked and the subject is back in
 * service, its next credential takes a new index (the next generation), since a revoked bit stays.
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
    /** 0 for the subject's first index, one more for each index taken after a revocation. */
    generation: integer('generation').notNull().default(0),
    /**
     * When the subject's credentials were revoked; never cleared. Set by the database itself (the
     * triggers of migration 0015) when the subject enters an ending status, whatever wrote it.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.statusIndex] }),
    uniqueIndex('credential_status_passport_idx')
      .on(table.tenantId, table.passportId, table.generation)
      .where(sql`unit_id is null`),
    uniqueIndex('credential_status_unit_idx')
      .on(table.tenantId, table.unitId, table.generation)
      .where(sql`unit_id is not null`),
    // The revocation triggers find a passport's entries, its units' included, by passport.
    index('credential_status_subject_idx').on(table.tenantId, table.passportId),
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
