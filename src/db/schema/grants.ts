// Access grants: capability tokens for restricted passport data, issued directly by a workspace or
// requested by a third party on the hosted request page and approved by the workspace.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { tenants } from './tenancy.ts';

/** pending → active (approve) or denied (deny); active → revoked (DELETE). Expiry is read, never stored. */
export type GrantStatus = 'pending' | 'active' | 'denied' | 'revoked';
export type GrantOrigin = 'issued' | 'requested';

export const accessGrants = pgTable(
  'access_grants',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    /** One passport, or null; with operatorId also null the grant covers the whole workspace. */
    passportId: uuid('passport_id'),
    operatorId: uuid('operator_id'),
    /** legitimate-interest or authority. */
    tier: text('tier').notNull(),
    status: text('status').$type<GrantStatus>().notNull(),
    origin: text('origin').$type<GrantOrigin>().notNull(),
    /** { name, email?, organisation?, role? } */
    grantee: jsonb('grantee').notNull(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the token, hex; null until minted. The token itself is never stored in clear. */
    tokenHash: text('token_hash'),
    /** A requested grant's token between approval and collection, sealed under the master key. */
    tokenBox: text('token_box'),
    /** SHA-256 of the secret in a request's private status link. */
    requestSecretHash: text('request_secret_hash'),
    collectedAt: timestamp('collected_at', { withTimezone: true, mode: 'date' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** `key:<prefix>` for issued grants, `request-page` for requests. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // The lookups that precede knowing the workspace: a presented token, a request's status link.
    uniqueIndex('access_grants_token_idx').on(table.tokenHash),
    uniqueIndex('access_grants_id_idx').on(table.id),
    index('access_grants_list_idx').on(table.tenantId, table.createdAt, table.id),
  ],
);
