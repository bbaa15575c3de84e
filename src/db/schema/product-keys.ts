// One owner per GS1 key on the node (docs/gs1.md, "One owner per product key"): the claim each
// passport's GTIN or GRAI makes, and the GS1 Company Prefixes workspaces hold. Both are keyed by
// the GS1 value itself, not by tenant: a key or a prefix is unique across all workspaces, and the
// primary key is what makes two concurrent claims of one key end with exactly one holder.
import { foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { passports } from './passports.ts';
import { tenants } from './tenancy.ts';

/** The passport that holds each GS1 key (`01/<gtin14>`, `8003/<grai>`), written in its transaction. */
export const productKeyClaims = pgTable(
  'product_key_claims',
  {
    productKey: text('product_key').primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    passportId: uuid('passport_id').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // Deleting the passport (a draft) releases its key.
    foreignKey({
      columns: [table.tenantId, table.passportId],
      foreignColumns: [passports.tenantId, passports.id],
    }).onDelete('cascade'),
    uniqueIndex('product_key_claims_passport_idx').on(table.tenantId, table.passportId),
  ],
);

/** GS1 Company Prefixes (4 to 12 digits) assigned to workspaces by the platform admin. */
export const gs1CompanyPrefixes = pgTable(
  'gs1_company_prefixes',
  {
    prefix: text('prefix').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('gs1_company_prefixes_tenant_idx').on(table.tenantId, table.prefix)],
);
