// SQL for unit telemetry: one multi-row INSERT per batch, and reads that walk the
// (tenant_id, battery_unit_id, recorded_at desc, id) index and nothing else.
import { and, asc, desc, eq, gt, lt, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { batteryUnitEvents } from '../../db/schema.ts';
import type { PagePosition } from '../../domain/paging/cursor.ts';

export type EventRow = typeof batteryUnitEvents.$inferSelect;
export type NewEvent = typeof batteryUnitEvents.$inferInsert & { id: string; createdAt: Date };

/**
 * A batch in one statement with one parameter: the rows travel as a JSON array that PostgreSQL
 * unpacks itself, rather than as thousands of bind parameters built one by one.
 */
export async function insertEvents(db: Executor, rows: NewEvent[]): Promise<void> {
  if (rows.length === 0) return;
  const batch = rows.map((row) => ({
    tenant_id: row.tenantId,
    id: row.id,
    battery_unit_id: row.batteryUnitId,
    event_type: row.eventType,
    state_of_health: row.stateOfHealth ?? null,
    cycle_count: row.cycleCount ?? null,
    remaining_capacity_ah: row.remainingCapacityAh ?? null,
    temperature_c: row.temperatureC ?? null,
    payload: row.payload ?? null,
    status: row.status ?? null,
    recorded_at: row.recordedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  }));
  await db.execute(sql`
    insert into battery_unit_events (tenant_id, id, battery_unit_id, event_type, state_of_health, cycle_count,
      remaining_capacity_ah, temperature_c, payload, status, recorded_at, created_at)
    select tenant_id, id, battery_unit_id, event_type, state_of_health, cycle_count,
      remaining_capacity_ah, temperature_c, payload, status, recorded_at, created_at
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as batch(tenant_id uuid, id uuid,
        battery_unit_id uuid, event_type text, state_of_health double precision, cycle_count bigint,
        remaining_capacity_ah double precision, temperature_c double precision, payload jsonb, status text,
        recorded_at timestamptz, created_at timestamptz)`);
}

const newestFirst = [desc(batteryUnitEvents.recordedAt), asc(batteryUnitEvents.id)];

export async function recentEvents(db: Executor, tenantId: string, unitId: string, limit: number) {
  return db
    .select()
    .from(batteryUnitEvents)
    .where(and(eq(batteryUnitEvents.tenantId, tenantId), eq(batteryUnitEvents.batteryUnitId, unitId)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * The newest events of the unit `unitId` names, as the view's `dynamicData`: JSON text built by the
 * database as one value, a scalar subquery for the unit view's one statement (store.ts). 500 rows
 * decoded by the driver and mapped by the ORM cost more than the view's other work, where one text
 * value costs what a raw read of the same bytes does. The fields and their order are those of
 * `renderUnitView`; recordedAt is written as `toISOString` writes it (UTC, milliseconds). Numbers
 * are the store's shortest round-trip text, so they read back as the same values (`1e-06` where
 * JavaScript writes `0.000001`). `limit` is a constant of the code, written into the statement so
 * that its plan is kept with it.
 */
export function newestEventsJson(tenantId: SQLWrapper, unitId: SQLWrapper, limit: number): SQL<string> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`not a row limit: ${limit}`);
  return sql<string>`(
    select '[' || coalesce(string_agg(
        '{"@type":"BatteryUnitEvent","eventType":' || to_json(e.event_type)::text
        || ',"stateOfHealth":' || coalesce(to_json(e.state_of_health)::text, 'null')
        || ',"cycleCount":' || coalesce(e.cycle_count::text, 'null')
        || ',"remainingCapacityAh":' || coalesce(to_json(e.remaining_capacity_ah)::text, 'null')
        || ',"temperatureC":' || coalesce(to_json(e.temperature_c)::text, 'null')
        || ',"payload":' || coalesce(e.payload::text, 'null')
        || ',"recordedAt":"' || to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        || '"}', ',' order by e.recorded_at desc, e.id), '') || ']'
      from (
        select event_type, state_of_health, cycle_count, remaining_capacity_ah, temperature_c, payload,
               recorded_at, id
          from battery_unit_events
         where tenant_id = ${tenantId} and battery_unit_id = ${unitId}
         order by recorded_at desc, id
         limit ${sql.raw(String(limit))}
      ) as e)`;
}

// recorded_at to and from integer microseconds, exactly (a cursor must not round).
const recordedUs = sql<string>`(extract(epoch from ${batteryUnitEvents.recordedAt}) * 1000000)::bigint::text`;
const fromUs = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

/** One page after `after` (exclusive), newest first; each row with its cursor position. */
export async function pageEvents(
  db: Executor,
  tenantId: string,
  unitId: string,
  after: PagePosition | null,
  limit: number,
) {
  const at = after ? fromUs(after.atUs) : null;
  return db
    .select({ event: batteryUnitEvents, recordedUs })
    .from(batteryUnitEvents)
    .where(
      and(
        eq(batteryUnitEvents.tenantId, tenantId),
        eq(batteryUnitEvents.batteryUnitId, unitId),
        // The redundant `<=` bounds the index scan; the `or` settles ties at the boundary.
        at && after
          ? and(
              lte(batteryUnitEvents.recordedAt, at),
              or(
                lt(batteryUnitEvents.recordedAt, at),
                and(eq(batteryUnitEvents.recordedAt, at), gt(batteryUnitEvents.id, after.id)),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
}
