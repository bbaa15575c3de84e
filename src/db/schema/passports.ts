// Passports, their archived versions and their access log.
import { sql } from 'drizzle-orm';
import {
  foreignKey,
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
import type { AccessTier, Granularity } from '../../domain/categories/types.ts';
import type { PassportStatus } from '../../domain/passports/lifecycle.ts';
import type { Unconfirmed } from '../../domain/passports/unconfirmed.ts';
import { createdAt, updatedAt } from './columns.ts';
import { operators } from './parties.ts';
import { tenants } from './tenancy.ts';

/** The backup state of a passport's newest sealed version (`backup` on the owner read). */
export interface BackupState {
  status: 'pending' | 'held' | 'failed';
  target: string;
  version: number;
  at: string;
  /** The copy's URL on the target, when held. */
  uri?: string;
  /** Why the push failed, when it did. */
  reason?: string;
}

/** Model-level (or batch/item) passports: the live state. Archived states live in passport_versions. */
export const passports = pgTable(
  'passports',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    productId: text('product_id').notNull(),
    /** GTIN, GRAI or SKU. */
    productIdScheme: text('product_id_scheme').notNull(),
    category: text('category').notNull(),
    originCountry: text('origin_country'),
    /** The 8-digit CN code (or 6-digit HS), digits only (docs/registry.md). */
    commodityCode: text('commodity_code'),
    operatorId: uuid('operator_id').notNull(),
    facilityId: uuid('facility_id'),
    granularity: text('granularity').$type<Granularity>().notNull().default('model'),
    status: text('status').$type<PassportStatus>().notNull(),
    metadata: jsonb('metadata').notNull(),
    /** The live version number: archived versions are 1 … version − 1. */
    version: integer('version').notNull().default(1),
    /** Set while its operator is archived; such passports stay resolvable. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    retentionUntil: timestamp('retention_until', { withTimezone: true, mode: 'date' }),
    digitalSeal: jsonb('digital_seal'),
    signingPublicKey: jsonb('signing_public_key'),
    proof: jsonb('proof'),
    /** `sha256:` + hex of the RFC 8785 form of the sealed document, for the version the seal is over. */
    versionHash: text('version_hash'),
    /** Where the newest sealed version stands with the backup targets (docs/backup.md). */
    backup: jsonb('backup').$type<BackupState>(),
    /** The version hash the EU registry was last told of (docs/registry.md), for `updateDue`. */
    registeredVersionHash: text('registered_version_hash'),
    /** Values not confirmed yet: from an example or copied (docs/passports.md, "Unconfirmed values"). */
    unconfirmed: jsonb('unconfirmed').$type<Unconfirmed[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('passports_product_idx').on(table.tenantId, table.productId),
    // An operator with passports is archived, never deleted: the store refuses it as a last guard.
    foreignKey({
      columns: [table.tenantId, table.operatorId],
      foreignColumns: [operators.tenantId, operators.id],
    }),
    index('passports_operator_idx').on(table.tenantId, table.operatorId),
    index('passports_list_idx').on(table.tenantId, table.createdAt, table.id),
    // Public resolution finds a passport before it knows the workspace: by id, or by GS1 key.
    index('passports_public_id_idx').on(table.id),
    index('passports_public_product_idx').on(table.productId, table.createdAt),
  ],
);

/** Archived passport states, append-only. `document` is the exact text served before the change. */
export const passportVersions = pgTable(
  'passport_versions',
  {
    tenantId: uuid('tenant_id').notNull(),
    passportId: uuid('passport_id').notNull(),
    version: integer('version').notNull(),
    document: text('document').notNull(),
    /** When this state began (creation, or the change that archived the previous version). */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the change that archived this state was recorded. */
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
    changedBy: text('changed_by'),
    changeReason: text('change_reason'),
    /** Set on a sealed version: the hash of its sealed document, as on the passport. */
    versionHash: text('version_hash'),
    /** The copy's URL on a backup target, once one confirmed it. */
    backupUri: text('backup_uri'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.passportId, table.version] }),
    foreignKey({
      columns: [table.tenantId, table.passportId],
      foreignColumns: [passports.tenantId, passports.id],
    }).onDelete('cascade'),
    index('passport_versions_time_idx').on(table.tenantId, table.passportId, table.validUntil),
  ],
);

/** Who read a passport's data, other than its owner. Append-only. */
export const passportAccessLog = pgTable(
  'passport_access_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    passportId: uuid('passport_id').notNull(),
    /** public, legitimate-interest, authority. */
    tier: text('tier').$type<AccessTier>().notNull(),
    /** e.g. `grant:<id>`, `anonymous`. */
    accessor: text('accessor').notNull(),
    /** What was read: resolve, history, version, unit. */
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The grant read with, when a grant holder read. */
    grantId: uuid('grant_id'),
    /** The representation served: json-ld, html, … */
    representation: text('representation'),
    /** The caller's address, truncated (IPv4 /24, IPv6 /48). */
    clientAddress: text('client_address'),
    /** A credential session's read: issuer name, credential type, disclosed organisation and country. */
    credential: jsonb('credential'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('passport_access_log_idx').on(table.tenantId, table.passportId, table.at),
  ],
);

/**
 * Rendered answers of a passport, kept beside it so that a read is one indexed fetch of finished
 * bytes. `stamp` names the exact row versions rendered (the passport's, its operator's and its
 * facility's transaction ids, plus the renderer's fingerprint): a rendition is served only while
 * it equals the stamp of the rows as they are now, so a committed write makes it invisible at once
 * on every instance, whatever wrote it.
 */
export const passportRenditions = pgTable(
  'passport_renditions',
  {
    tenantId: uuid('tenant_id').notNull(),
    passportId: uuid('passport_id').notNull(),
    /** The tier, the media type and, for localised representations, the language. */
    variant: text('variant').notNull(),
    stamp: text('stamp').notNull(),
    etag: text('etag').notNull(),
    body: text('body').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.passportId, table.variant] }),
    foreignKey({
      columns: [table.tenantId, table.passportId],
      foreignColumns: [passports.tenantId, passports.id],
    }).onDelete('cascade'),
  ],
);
