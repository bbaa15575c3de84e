// Traceability events (EPCIS 2.0 / UNTP, normalised) and the products each one names, indexed by
// identity key for the lineage walk and linked to the workspace's passports and units by GS1 key.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const traceabilityEvents = pgTable(
  'traceability_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    /** The event's own id (EPCIS eventID, UNTP id) or the derived `ni:///sha-256;…`. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source').notNull(),
    /** An error declaration repeats the id of the event it declares erroneous. */
    isDeclaration: boolean('is_declaration').notNull(),
    /** The NormalisedEvent, raw body included. */
    event: jsonb('event').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // An event captured twice is stored once (a declaration of it beside it).
    uniqueIndex('traceability_events_event_id_idx').on(table.tenantId, table.eventId, table.isDeclaration),
  ],
);

export const traceabilityEventProducts = pgTable(
  'traceability_event_products',
  {
    tenantId: uuid('tenant_id').notNull(),
    eventRowId: uuid('event_row_id').notNull(),
    /** The identity key (`gtin:…:ser:…`, `uri:…`). */
    productKey: text('product_key').notNull(),
    /** What the event did with it: `input`, `output` or `other` (observed, parent, child). */
    role: text('role').notNull(),
    passportId: uuid('passport_id'),
    unitId: uuid('unit_id'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.eventRowId, table.productKey, table.role] }),
    // The lineage walk: which events made these products.
    index('traceability_products_key_idx').on(table.tenantId, table.productKey, table.role),
  ],
);
