// SQL for unit telemetry: one multi-row INSERT per batch, and reads that walk the
// (tenant_id, battery_unit_id, recorded_at desc, id) index and nothing else.
import { and, asc, desc, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { batteryUnitEvents } from '../../db/schema.ts';
import type { EventPosition } from '../../domain/units/cursor.ts';

export type EventRow = typeof batteryUnitEvents.$inferSelect;
export type NewEvent = typeof batteryUnitEvents.$inferInsert & { id: string; createdAt: Date };

export async function insertEvents(db: Executor, rows: NewEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(batteryUnitEvents).values(rows);
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
