// Backup copies this node holds for other nodes (docs/backup.md). Node-wide tables, keyed by the
// partner, not by a workspace: a partner is another node, and its copies belong to no workspace of
// this one. Copies are append-only while their partner stays; each document is a secret box under the
// master key. A passport id is held by one partner, the first to store a copy of it.
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * An origin node whose sealed passport versions this node keeps. Ending a partnership keeps the row
 * and the copies; only the platform admin's removal with its copies deletes it.
 */
export const backupPartners = pgTable(
  'backup_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    originBaseUrl: text('origin_base_url').notNull(),
    /** The origin's seal CA: every copy's seal certificate must chain to it. */
    sealCaPem: text('seal_ca_pem').notNull(),
    /** SHA-256 (hex) of the partner's `dpp_backup_` token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('backup_partners_token_idx').on(table.tokenHash)],
);

/**
 * Which partner holds a passport id: the first to store a copy of it. The primary key makes the claim
 * race-safe (two partners pushing a new id at once cannot both hold it); only the holder's copies
 * are answered.
 */
export const backupPassportHolders = pgTable(
  'backup_passport_holders',
  {
    passportId: uuid('passport_id').primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => backupPartners.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('backup_passport_holders_partner_idx').on(table.partnerId)],
);

/** One sealed passport version as a partner pushed it; never updated, deleted only with its partner. */
export const backupCopies = pgTable(
  'backup_copies',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => backupPartners.id),
    passportId: uuid('passport_id').notNull(),
    /** The sealed version, `digitalSeal.version`. */
    version: integer('version').notNull(),
    /** The document's productId (GTIN), for custody resolution by GS1 key. */
    productId: text('product_id'),
    /** `sha256:` + hex of the document's RFC 8785 canonical form. */
    versionHash: text('version_hash').notNull(),
    /** The document as pushed, in a secret box bound to partner, passport and version. */
    documentBox: text('document_box').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.partnerId, table.passportId, table.version] }),
    index('backup_copies_passport_idx').on(table.passportId, table.version),
    index('backup_copies_product_idx').on(table.partnerId, table.productId),
  ],
);

/** A passport's units as an imported archive carried them (kept, not yet resolved). */
export const backupUnits = pgTable(
  'backup_units',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => backupPartners.id),
    passportId: uuid('passport_id').notNull(),
    unitsBox: text('units_box').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.partnerId, table.passportId] })],
);

/** What the platform admin did to backup partners that cannot be read from them afterwards. */
export const backupHostAudit = pgTable(
  'backup_host_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `backup_partner.removed`. */
    action: text('action').notNull(),
    /** The partner acted on; no reference, as the row outlives it. */
    partnerId: uuid('partner_id').notNull(),
    actor: text('actor').notNull(),
    details: jsonb('details').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('backup_host_audit_partner_idx').on(table.partnerId, table.at)],
);
