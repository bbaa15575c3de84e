// SQL for battery units. Tenant first, always; multi-row statements for batches.

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, prepared, queryRows } from '../../db/client.ts';
import { facilityOfPassport, operatorOfPassport } from '../../db/passport-parties.ts';
import { batteryUnits, facilities, operators, passports, passportUnitCounts } from '../../db/schema.ts';
import { isUuid } from '../../domain/ids.ts';
import { VIEW_EVENT_LIMIT } from '../../domain/units/view.ts';
import { newestEventsJson } from './event-store.ts';

export type UnitRow = typeof batteryUnits.$inferSelect;
export type NewUnit = typeof batteryUnits.$inferInsert & { id: string };

/** Rows a passport's unit count is spread over (see passportUnitCounts). */
const COUNT_SLOTS = 16;

/** Inserts a batch in one statement; a serial that already exists for the passport is skipped. */
/** One parameter for the whole batch: a JSON array PostgreSQL unpacks (see insertEvents). */
export async function insertUnits(db: Executor, rows: NewUnit[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
  const batch = rows.map((row) => ({
    tenant_id: row.tenantId,
    id: row.id,
    passport_id: row.passportId,
    serial_number: row.serialNumber,
    digital_link_uri: row.digitalLinkUri ?? null,
    manufactured_at: iso(row.manufacturedAt),
    status: row.status,
    ceased_at: iso(row.ceasedAt),
    predecessor_unit_id: row.predecessorUnitId ?? null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }));
  // The passports' unit counters move in the same statement, in this connection's slot (see
  // passportUnitCounts): concurrent serialisations on other connections add to other rows.
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`
      with inserted as (
      insert into battery_units (tenant_id, id, passport_id, serial_number, digital_link_uri, manufactured_at,
        status, ceased_at, predecessor_unit_id, created_at, updated_at)
      select tenant_id, id, passport_id, serial_number, digital_link_uri, manufactured_at, status, ceased_at,
        predecessor_unit_id, created_at, updated_at
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as batch(tenant_id uuid, id uuid, passport_id uuid,
          serial_number text, digital_link_uri text, manufactured_at timestamptz, status text, ceased_at timestamptz,
          predecessor_unit_id uuid, created_at timestamptz, updated_at timestamptz)
      on conflict (tenant_id, passport_id, serial_number) do nothing
      returning tenant_id, passport_id, id),
      counted as (
        insert into passport_unit_counts (tenant_id, passport_id, slot, units)
        select tenant_id, passport_id, pg_backend_pid() % ${COUNT_SLOTS}, count(*) from inserted group by 1, 2
        on conflict (tenant_id, passport_id, slot) do update set units = passport_unit_counts.units + excluded.units)
      select id from inserted`,
  );
  return new Set(inserted.map((row) => row.id));
}

/** A unit with the economic operator of its passport (for operator scope), locked when asked. */
export async function findUnit(db: Executor, tenantId: string, id: string, lock = false) {
  if (!isUuid(id)) return null;
  const query = db
    .select({ unit: batteryUnits, operatorId: passports.operatorId })
    .from(batteryUnits)
    .innerJoin(
      passports,
      and(eq(passports.tenantId, batteryUnits.tenantId), eq(passports.id, batteryUnits.passportId)),
    )
    .where(and(eq(batteryUnits.tenantId, tenantId), eq(batteryUnits.id, id)));
  const [row] = lock ? await query.for('update', { of: batteryUnits }) : await query;
  return row ?? null;
}

// The unit view's one statement: the unit, its passport with the operator and facility the owner
// document shows, and the newest events as JSON text. One round trip and one kept plan, where
// reading them in turn took four.
const unitViewById = (db: Executor) =>
  db
    .select({
      unit: batteryUnits,
      passport: passports,
      operator: operators,
      facility: facilities,
      events: newestEventsJson(batteryUnits.tenantId, batteryUnits.id, VIEW_EVENT_LIMIT),
    })
    .from(batteryUnits)
    .innerJoin(
      passports,
      and(eq(passports.tenantId, batteryUnits.tenantId), eq(passports.id, batteryUnits.passportId)),
    )
    .innerJoin(operators, operatorOfPassport)
    .leftJoin(facilities, facilityOfPassport)
    .where(
      and(eq(batteryUnits.tenantId, sql.placeholder('tenantId')), eq(batteryUnits.id, sql.placeholder('id'))),
    )
    .prepare('unit_view_by_id');

/** What the unit view shows of a unit, read in one statement; null for an id that names none. */
export async function findUnitView(db: Executor, tenantId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await prepared(db, 'unit_view_by_id', unitViewById).execute({ tenantId, id });
  return row ?? null;
}

/** Units by id, locked for the transaction (predecessors about to gain a successor). */
export async function lockUnits(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ unit: batteryUnits, operatorId: passports.operatorId })
    .from(batteryUnits)
    .innerJoin(
      passports,
      and(eq(passports.tenantId, batteryUnits.tenantId), eq(passports.id, batteryUnits.passportId)),
    )
    .where(and(eq(batteryUnits.tenantId, tenantId), inArray(batteryUnits.id, ids)))
    .orderBy(batteryUnits.id)
    .for('update', { of: batteryUnits });
}

export async function updateUnit(
  db: Executor,
  tenantId: string,
  id: string,
  changes: Partial<typeof batteryUnits.$inferInsert>,
): Promise<void> {
  await db
    .update(batteryUnits)
    .set(changes)
    .where(and(eq(batteryUnits.tenantId, tenantId), eq(batteryUnits.id, id)));
}

export async function listUnits(
  db: Executor,
  tenantId: string,
  passportId: string,
  limit: number,
  offset: number,
) {
  const where = and(eq(batteryUnits.tenantId, tenantId), eq(batteryUnits.passportId, passportId));
  // The total is the passport's counter (none yet: no units): counting rows would cost a whole fleet.
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(batteryUnits)
      .where(where)
      .orderBy(desc(batteryUnits.createdAt), batteryUnits.id)
      .limit(limit)
      .offset(offset),
    db
      .select({ count: sql<number>`coalesce(sum(${passportUnitCounts.units}), 0)::int` })
      .from(passportUnitCounts)
      .where(and(eq(passportUnitCounts.tenantId, tenantId), eq(passportUnitCounts.passportId, passportId))),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** A unit by id for public resolution: in one workspace, or in any when none is given. */
export async function findUnitAnywhere(db: Executor, id: string, tenantId: string | null) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(batteryUnits)
    .where(and(eq(batteryUnits.id, id), tenantId ? eq(batteryUnits.tenantId, tenantId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function findUnitBySerial(
  db: Executor,
  tenantId: string,
  passportId: string,
  serialNumber: string,
) {
  const [row] = await db
    .select()
    .from(batteryUnits)
    .where(
      and(
        eq(batteryUnits.tenantId, tenantId),
        eq(batteryUnits.passportId, passportId),
        eq(batteryUnits.serialNumber, serialNumber),
      ),
    );
  return row ?? null;
}

/** The units that a unit was made into (second life), oldest first. */
export async function findSuccessors(db: Executor, tenantId: string, unitId: string) {
  return db
    .select({ id: batteryUnits.id })
    .from(batteryUnits)
    .where(and(eq(batteryUnits.tenantId, tenantId), eq(batteryUnits.predecessorUnitId, unitId)))
    .orderBy(asc(batteryUnits.createdAt));
}

/**
 * Passports of the workspace by productId, and units by (passport productId, serial): how products
 * named by traceability events find what this node holds for them.
 */
export async function findByProductKeys(
  db: Executor,
  tenantId: string,
  productIds: string[],
  units: { productId: string; serialNumber: string }[],
): Promise<{
  passports: { productId: string; id: string }[];
  units: { productId: string; serialNumber: string; id: string }[];
}> {
  const passportRows =
    productIds.length === 0
      ? []
      : await queryRows<{ product_id: string; id: string }>(
          db,
          sql`select product_id, id from passports
              where tenant_id = ${tenantId} and product_id in (${sql.join(
                productIds.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        );
  const unitRows =
    units.length === 0
      ? []
      : await queryRows<{ product_id: string; serial_number: string; id: string }>(
          db,
          sql`select p.product_id, u.serial_number, u.id
              from battery_units u
              join passports p on p.tenant_id = u.tenant_id and p.id = u.passport_id
              where u.tenant_id = ${tenantId} and (p.product_id, u.serial_number) in (${sql.join(
                units.map((unit) => sql`(${unit.productId}, ${unit.serialNumber})`),
                sql`, `,
              )})`,
        );
  return {
    passports: passportRows.map((row) => ({ productId: row.product_id, id: row.id })),
    units: unitRows.map((row) => ({
      productId: row.product_id,
      serialNumber: row.serial_number,
      id: row.id,
    })),
  };
}
