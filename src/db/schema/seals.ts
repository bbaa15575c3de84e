// The node's seal CA and the workspaces' signing keys. Private keys are stored only as secret boxes
// (AES-256-GCM under the master key, bound to their row), never in the clear.
import { sql } from 'drizzle-orm';
import {
  check,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EcPublicJwk } from '../../domain/crypto/keys.ts';
import { createdAt } from './columns.ts';
import { tenants } from './tenancy.ts';

/** The one platform seal CA this node created for itself (absent when configured from files). */
export const sealAuthority = pgTable(
  'seal_authority',
  {
    id: smallint('id').primaryKey(),
    certificatePem: text('certificate_pem').notNull(),
    privateKeyBox: text('private_key_box').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('seal_authority_single_row', sql`${table.id} = 1`)],
);

export type SigningKeyStatus = 'active' | 'retired';

/** A workspace's seal keys: one active, the earlier ones retired and kept so old seals verify. */
export const signingKeys = pgTable(
  'signing_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The kid: what seals, certificates and the DID document name the key by. */
    id: text('id').notNull(),
    publicJwk: jsonb('public_jwk').$type<EcPublicJwk>().notNull(),
    privateKeyBox: text('private_key_box').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    status: text('status').$type<SigningKeyStatus>().notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('signing_keys_one_active_idx').on(table.tenantId).where(sql`status = 'active'`),
  ],
);
