// SQL for traceability events and the products they name. Tenant first, always.
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { traceabilityEventProducts, traceabilityEvents } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';
import type { NormalisedEvent } from '../../domain/traceability/index.ts';

export type EventRow = typeof traceabilityEvents.$inferSelect;
export type NewEventRow = typeof traceabilityEvents.$inferInsert & { id: string };
export type ProductRow = typeof traceabilityEventProducts.$inferInsert;

/** Inserts the events not stored yet (by event id); answers the row ids it inserted. */
export async function insertEvents(db: Executor, rows: NewEventRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(traceabilityEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: traceabilityEvents.id });
  return new Set(inserted.map((row) => row.id));
}

export async function insertProducts(db: Executor, rows: ProductRow[]): Promise<void> {
  // Chunks keep every statement well under the 65,535 parameters PostgreSQL allows.
  for (let start = 0; start < rows.length; start += 5_000) {
    await db
      .insert(traceabilityEventProducts)
      .values(rows.slice(start, start + 5_000))
      .onConflictDoNothing();
  }
}

/** The stored rows of events already captured, by event id (non-declarations only). */
export async function findStored(db: Executor, tenantId: string, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return queryRows<{ id: string; event_id: string; is_declaration: boolean }>(
    db,
    sql`select id, event_id, is_declaration from traceability_events
        where tenant_id = ${tenantId} and event_id in (${sql.join(
          eventIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/** One event of the workspace by its row id or its event id (the event itself, not a declaration). */
export async function findEvent(db: Executor, tenantId: string, reference: string): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(traceabilityEvents)
    .where(
      and(
        eq(traceabilityEvents.tenantId, tenantId),
        isUuid(reference) ? eq(traceabilityEvents.id, reference) : eq(traceabilityEvents.eventId, reference),
        eq(traceabilityEvents.isDeclaration, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Events of the workspace that made any of these products, leaving out events declared erroneous
 * (a declaration with the same event id exists) and the declarations themselves.
 */
export async function eventsProducing(
  db: Executor,
  tenantId: string,
  keys: string[],
): Promise<NormalisedEvent[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ event: NormalisedEvent | string }>(
    db,
    sql`select e.event from traceability_events e
        where e.tenant_id = ${tenantId} and not e.is_declaration
          and exists (
            select 1 from traceability_event_products p
            where p.tenant_id = e.tenant_id and p.event_row_id = e.id and p.role = 'output'
              and p.product_key in (${sql.join(
                keys.map((key) => sql`${key}`),
                sql`, `,
              )}))
          and not exists (
            select 1 from traceability_events d
            where d.tenant_id = e.tenant_id and d.event_id = e.event_id and d.is_declaration)`,
  );
  return rows.map((row) => (typeof row.event === 'string' ? JSON.parse(row.event) : row.event));
}

/** The passport and unit each product key was linked to, within the workspace. */
export async function linksOf(db: Executor, tenantId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return queryRows<{ product_key: string; passport_id: string | null; unit_id: string | null }>(
    db,
    sql`select distinct on (product_key) product_key, passport_id, unit_id
        from traceability_event_products
        where tenant_id = ${tenantId} and (passport_id is not null or unit_id is not null)
          and product_key in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})
        order by product_key, unit_id nulls last`,
  );
}
