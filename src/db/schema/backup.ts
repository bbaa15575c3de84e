// Backup copies this node holds for other nodes (docs/backup.md). Node-wide tables, keyed by the
// partner, not by a workspace: a partner is another node, and its copies belong to no workspace of
// this one. Copies are append-only; each document is a secret box under the master key.
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** An origin node whose sealed passport versions this node keeps. Never deleted: its copies stay. */
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

/** One sealed passport version as a partner pushed it; never updated or deleted. */
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
