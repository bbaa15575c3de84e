// SQL for unit telemetry: one multi-row INSERT per batch, and reads that walk the
// (tenant_id, battery_unit_id, recorded_at desc, id) index and nothing else.
import { and, asc, desc, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { batteryUnitEvents } from '../../db/schema.ts';
import type { EventPosition } from '../../domain/units/cursor.ts';

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

// recorded_at to and from integer microseconds, exactly (a cursor must not round).
const recordedUs = sql<string>`(extract(epoch from ${batteryUnitEvents.recordedAt}) * 1000000)::bigint::text`;
const fromUs = (us: string) => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

/** One page after `after` (exclusive), newest first; each row with its cursor position. */
export async function pageEvents(
  db: Executor,
  tenantId: string,
  unitId: string,
  after: EventPosition | null,
  limit: number,
) {
  const at = after ? fromUs(after.recordedUs) : null;
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
