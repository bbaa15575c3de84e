// Console people: workspace members (email, password, role), their sessions, invitations and the
// sign-in locks kept on them.
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { Role } from '../../domain/auth/permissions.ts';
import { createdAt } from './columns.ts';
import { tenants } from './tenancy.ts';

export const members = pgTable(
  'members',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    /** Lower-cased; one member per address in a workspace. */
    email: text('email').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    /** May invite members, change their roles and remove them. */
    manageMembers: boolean('manage_members').notNull().default(false),
    /** The TOTP secret sealed under the master key, once enrolment is confirmed. */
    totpSecret: text('totp_secret'),
    /** A secret offered by an enrolment not yet confirmed with a code. */
    totpPending: text('totp_pending'),
    /** The last TOTP time step accepted, so that a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 of each unused recovery code. */
    recoveryCodes: text('recovery_codes').array().notNull().default(sql`'{}'::text[]`),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** The console language the member chose with the language switch; null: none chosen yet. */
    language: text('language'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('members_email_idx').on(table.tenantId, table.email),
  ],
);

export const memberSessions = pgTable(
  'member_sessions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    memberId: uuid('member_id').notNull(),
    /** Refresh stops here: a session lives at most this long whatever its refreshes. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('member_sessions_member_idx').on(table.tenantId, table.memberId),
  ],
);

export const memberInvitations = pgTable(
  'member_invitations',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    manageMembers: boolean('manage_members').notNull().default(false),
    /** SHA-256 of the invitation token; the link itself is shown once. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('member_invitations_token_idx').on(table.tokenHash),
  ],
);

/**
 * Consecutive failed sign-ins of one member from one client address, and the lock they earned
 * (src/modules/console/sign-in-locks.ts). In the database, not in an instance's memory, so that every
 * instance counts into the same row and a restart forgets nothing.
 */
export const signInLocks = pgTable(
  'sign_in_locks',
  {
    tenantId: uuid('tenant_id').notNull(),
    memberId: uuid('member_id').notNull(),
    /** The client address as the node sees it (after TRUST_PROXY). */
    address: text('address').notNull(),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The last failure; rows idle for a day and not locked are purged. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.memberId, table.address] }),
    foreignKey({
      columns: [table.tenantId, table.memberId],
      foreignColumns: [members.tenantId, members.id],
    }).onDelete('cascade'),
    // Housekeeping across workspaces: the hourly purge of rows idle for a day.
    index('sign_in_locks_updated_idx').on(table.updatedAt),
  ],
);

/**
 * The outcome of a serialisation from CSV in the console: how many lines were sent and made, the
 * units made (their labels are offered), each refused line with its reason, and the refusal that
 * stopped the run. Kept so that the result is a page of its own, read again on a reload
 * (src/modules/console/serialisations.ts).
 */
export const consoleSerialisations = pgTable(
  'console_serialisations',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    memberId: uuid('member_id').notNull(),
    /** The passport as the form named it (UUID or product identifier). */
    passportRef: text('passport_ref').notNull(),
    lines: integer('lines').notNull(),
    unitIds: jsonb('unit_ids').$type<string[]>().notNull(),
    refused: jsonb('refused')
      .$type<Array<{ line: number; serialNumber: string; reason: string }>>()
      .notNull(),
    stopped: text('stopped'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);
