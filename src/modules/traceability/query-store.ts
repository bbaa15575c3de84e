// SQL of the EPCIS query: the identifiers of each captured event by field, and one page of events in
// (eventTime, row id) order, each filter on an indexed column. Tenant first, always.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { traceabilityEventEpcs } from '../../db/schema.ts';
import type { EpcMatch, EventQuery } from '../../domain/traceability/index.ts';

export type EpcRow = typeof traceabilityEventEpcs.$inferInsert;

export async function insertEpcs(db: Executor, rows: EpcRow[]): Promise<void> {
  // Chunks keep every statement well under the 65,535 parameters PostgreSQL allows.
  for (let start = 0; start < rows.length; start += 10_000) {
    await db
      .insert(traceabilityEventEpcs)
      .values(rows.slice(start, start + 10_000))
      .onConflictDoNothing();
  }
}

export interface QueriedRow {
  id: string;
  event: { raw: Record<string, unknown> } | string;
  record_time: string | Date;
  /** event_time in integer microseconds since the epoch: the page position, exact. */
  event_us: string;
}

const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

// A LIKE prefix: the prefix's own `%`, `_` and `\` are taken literally.
const like = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// One indexed lookup per kind of value, so that a rare identifier is found from the identifier index
// rather than by walking the workspace's events in time order.
function matchCondition(tenantId: string, match: EpcMatch): SQL {
  const fields = sql`x.field in (${list(match.fields)})`;
  const lookups: SQL[] = [];
  const lookup = (condition: SQL) =>
    lookups.push(sql`select x.event_row_id from traceability_event_epcs x
      where x.tenant_id = ${tenantId} and ${condition} and ${fields}`);
  if (match.keys.length > 0) lookup(sql`x.product_key in (${list(match.keys)})`);
  for (const prefix of match.keyPrefixes) lookup(sql`x.product_key like ${like(prefix)}`);
  for (const prefix of match.uriPrefixes) lookup(sql`x.uri like ${like(prefix)}`);
  return sql`e.id in (${sql.join(lookups, sql` union all `)})`;
}

/** One page: `limit` events after the query's position, oldest eventTime first. */
export async function pageEvents(
  db: Executor,
  tenantId: string,
  query: EventQuery,
  limit: number,
): Promise<QueriedRow[]> {
  const where: SQL[] = [sql`e.tenant_id = ${tenantId}`, sql`e.source = 'epcis'`];
  if (query.eventTypes) where.push(sql`e.event_type in (${list(query.eventTypes)})`);
  if (query.geEventTime) where.push(sql`e.event_time >= ${query.geEventTime}::timestamptz`);
  if (query.ltEventTime) where.push(sql`e.event_time < ${query.ltEventTime}::timestamptz`);
  if (query.bizSteps) where.push(sql`e.biz_step in (${list(query.bizSteps)})`);
  if (query.dispositions) where.push(sql`e.disposition in (${list(query.dispositions)})`);
  if (query.bizLocations) where.push(sql`e.biz_location in (${list(query.bizLocations)})`);
  for (const match of query.matches) where.push(matchCondition(tenantId, match));
  if (query.after) {
    const at = sql`(timestamptz 'epoch' + ${query.after.atUs}::bigint * interval '1 microsecond')`;
    where.push(sql`(e.event_time, e.id) > (${at}, ${query.after.id}::uuid)`);
  }
  return queryRows<QueriedRow>(
    db,
    sql`select e.id, e.event, e.created_at as record_time,
          (extract(epoch from e.event_time) * 1000000)::bigint::text as event_us
        from traceability_events e
        where ${sql.join(where, sql` and `)}
        order by e.event_time, e.id
        limit ${limit}`,
  );
}

/**
 * One captured EPCIS event by its row id or its eventID: the event itself before an error
 * declaration that repeats its id.
 */
export async function findEpcisEvent(db: Executor, tenantId: string, reference: string, byRowId: boolean) {
  const [row] = await queryRows<QueriedRow>(
    db,
    sql`select e.id, e.event, e.created_at as record_time, '0' as event_us
        from traceability_events e
        where e.tenant_id = ${tenantId} and e.source = 'epcis'
          and ${byRowId ? sql`e.id = ${reference}::uuid` : sql`e.event_id = ${reference}`}
        order by e.is_declaration
        limit 1`,
  );
  return row ?? null;
}
