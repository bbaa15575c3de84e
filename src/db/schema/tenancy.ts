// Workspaces (tenants), their API keys, and node-wide settings.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../domain/auth/permissions.ts';
import type { SubscriptionStatus, Tier } from '../../domain/auth/plans.ts';
import { createdAt, updatedAt } from './columns.ts';

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull().unique(),
  tier: text('tier').$type<Tier>().notNull(),
  subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull().default('active'),
  mfaRequired: boolean('mfa_required').notNull().default(false),
  passportLimit: integer('passport_limit').notNull(),
  // Kept by the passport service in the same transaction as each status move, so whoami and quota
  // checks never count a tenant's passports on the hot path.
  activePassports: integer('active_passports').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** Public, short: the lookup handle and what `changedBy: key:<prefix>` shows. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole token, hex. The token itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    permissions: text('permissions').array().notNull(),
    operatorId: uuid('operator_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // The one lookup that precedes knowing the tenant: authenticating a presented token.
    index('api_keys_prefix_idx').on(table.prefix),
  ],
);

/** Node-wide settings that are not a tenant's: the generated admin token hash, first-boot marker. */
export const platformSettings = pgTable('platform_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
