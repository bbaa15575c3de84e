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
    /** The EPCIS query's EQ_ fields: bizStep and disposition as CBV bare names (else the URI), bizLocation id. */
    bizStep: text('biz_step'),
    disposition: text('disposition'),
    bizLocation: text('biz_location'),
    /** Also the event's EPCIS recordTime. */
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // An event captured twice is stored once (a declaration of it beside it).
    uniqueIndex('traceability_events_event_id_idx').on(table.tenantId, table.eventId, table.isDeclaration),
    // The EPCIS query: pages in (eventTime, id) order, narrowed by time or by an EQ_ field.
    index('traceability_events_time_idx').on(table.tenantId, table.eventTime, table.id),
    index('traceability_events_biz_step_idx').on(table.tenantId, table.bizStep, table.eventTime, table.id),
    index('traceability_events_disposition_idx').on(
      table.tenantId,
      table.disposition,
      table.eventTime,
      table.id,
    ),
    index('traceability_events_biz_location_idx').on(
      table.tenantId,
      table.bizLocation,
      table.eventTime,
      table.id,
    ),
  ],
);

/**
 * The identifiers of an EPCIS event by the field that names them, for the query's MATCH_ parameters:
 * `epc` (epcList, childEPCs), `parentID`, `input` (inputEPCList), `output` (outputEPCList).
 */
export const traceabilityEventEpcs = pgTable(
  'traceability_event_epcs',
  {
    tenantId: uuid('tenant_id').notNull(),
    eventRowId: uuid('event_row_id').notNull(),
    field: text('field').notNull(),
    /** The identity key (`gtin:…:ser:…`, `uri:…`): an EPC URI and its Digital Link are one key. */
    productKey: text('product_key').notNull(),
    /** The identifier as the event wrote it (wildcard patterns that no key expresses match on it). */
    uri: text('uri').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.eventRowId, table.field, table.uri] }),
    // Equality and prefix (LIKE 'gtin:…:ser:%') lookups alike, whatever the database's collation.
    index('traceability_epcs_key_idx').on(
      table.tenantId,
      table.productKey.op('text_pattern_ops'),
      table.field,
    ),
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
