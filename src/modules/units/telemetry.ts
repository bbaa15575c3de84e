// Appending telemetry (one event or a batch) and reading it back page by page. An append locks the
// unit, so status moves and the current-state snapshot follow one order; events, unit and
// idempotency answer are written in one transaction.
// Apart from service.ts, which hands it on as the module's surface, so the append reads as one piece.

import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import { positionParameter } from '../../core/page-cursor.ts';
import { encodePositionCursor } from '../../domain/paging/cursor.ts';
import type { EventInput } from '../../domain/units/event-input.ts';
import { applyEvents, type Snapshot } from '../../domain/units/state.ts';
import { insertEvents, pageEvents } from './event-store.ts';
import { claimKey, type StoredAnswer, storeAnswer } from './idempotency.ts';
import { type EventRecord, eventRecord } from './records.ts';
import { reachUnit } from './scope.ts';
import { type UnitRow, updateUnit } from './store.ts';

export interface AppendResult extends StoredAnswer {
  replayed: boolean;
}

function snapshotOf(unit: UnitRow): Snapshot | null {
  if (unit.stateRecordedAt === null || unit.stateEventId === null) return null;
  return {
    stateOfHealth: unit.stateOfHealth,
    cycleCount: unit.cycleCount,
    remainingCapacityAh: unit.remainingCapacityAh,
    temperatureC: unit.temperatureC,
    recordedAt: unit.stateRecordedAt,
    eventId: unit.stateEventId,
  };
}

/**
 * Appends `inputs` to the unit and answers with `answer(records)`, or replays the answer stored
 * under `idempotencyKey`.
 */
export async function appendEvents(
  services: ServiceContext,
  actor: Actor,
  unitId: string,
  inputs: readonly EventInput[],
  idempotencyKey: string | null,
  answer: (records: EventRecord[]) => StoredAnswer,
): Promise<AppendResult> {
  return services.db.transaction(async (tx) => {
    const unit = await reachUnit(tx, actor, unitId, true);
    const now = services.clock();
    const scope = idempotencyKey ? { tenantId: actor.tenantId, scopeId: unit.id, key: idempotencyKey } : null;
    if (scope) {
      const stored = await claimKey(tx, scope, now);
      if (stored) return { ...stored, replayed: true };
    }

    // Each event is built once, as the row it is stored as: the state machine reads the same objects.
    const rows = inputs.map((input) => ({
      tenantId: actor.tenantId,
      id: randomUUID(),
      batteryUnitId: unit.id,
      eventType: input.eventType,
      stateOfHealth: input.stateOfHealth,
      cycleCount: input.cycleCount,
      remainingCapacityAh: input.remainingCapacityAh,
      temperatureC: input.temperatureC,
      payload: input.payload,
      status: input.status,
      recordedAt: input.recordedAt,
      createdAt: now,
    }));
    const current = {
      status: unit.status,
      ceasedAt: unit.ceasedAt,
      snapshot: snapshotOf(unit),
    };
    const applied = applyEvents(current, rows, now);
    if (!applied.ok) throw new AppError('UNIT_TERMINAL_STATUS', applied.message);

    await insertEvents(tx, rows);
    const { status, ceasedAt, snapshot } = applied.state;
    await updateUnit(tx, actor.tenantId, unit.id, {
      status,
      ceasedAt,
      stateOfHealth: snapshot?.stateOfHealth ?? null,
      cycleCount: snapshot?.cycleCount ?? null,
      remainingCapacityAh: snapshot?.remainingCapacityAh ?? null,
      temperatureC: snapshot?.temperatureC ?? null,
      stateRecordedAt: snapshot?.recordedAt ?? null,
      stateEventId: snapshot?.eventId ?? null,
      updatedAt: now,
    });
    const response = answer(rows.map(eventRecord));
    if (scope) await storeAnswer(tx, scope, response);
    return { ...response, replayed: false };
  });
}

export const EVENT_PAGE = { defaultLimit: 100, maxLimit: 200 };

export async function listEvents(
  services: ServiceContext,
  actor: Actor,
  unitId: string,
  limit: number,
  cursor: string | undefined,
) {
  const after = positionParameter('cursor', cursor);
  const unit = await reachUnit(services.db, actor, unitId);
  const rows = await pageEvents(services.db, actor.tenantId, unit.id, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    success: true as const,
    count: page.length,
    events: page.map((row) => eventRecord(row.event)),
    nextCursor:
      rows.length > limit && last ? encodePositionCursor({ atUs: last.recordedUs, id: last.event.id }) : null,
  };
}
