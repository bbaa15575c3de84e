// Second life: a unit serialised with predecessorUnitId is made from an existing unit of the
// workspace (any passport). The predecessor must not be ceased; in the serialising transaction it
// moves to predecessorStatus and gains a STATUS_CHANGE event naming its successor.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../core/actor.ts';
import type { Executor } from '../../db/client.ts';
import type { PredecessorStatus } from '../../domain/units/status.ts';
import type { NewEvent } from './event-store.ts';
import { lockUnits, updateUnit } from './store.ts';

/** A unit about to be serialised, with its place in the request and what its predecessor becomes. */
export interface Linked {
  index: number;
  label: string;
  predecessorStatus: PredecessorStatus;
  unit: { id: string; serialNumber: string; predecessorUnitId: string | null };
}

/** Locks the named predecessors and refuses the items whose predecessor cannot take a successor. */
export async function checkPredecessors(tx: Executor, actor: Actor, items: readonly Linked[]) {
  const ids = [
    ...new Set(items.flatMap((item) => (item.unit.predecessorUnitId ? [item.unit.predecessorUnitId] : []))),
  ];
  const found = new Map((await lockUnits(tx, actor.tenantId, ids)).map((row) => [row.unit.id, row]));
  const refused: { index: number; text: string }[] = [];
  for (const item of items) {
    const id = item.unit.predecessorUnitId;
    if (!id) continue;
    const predecessor = found.get(id);
    const problem = !predecessor
      ? `predecessorUnitId ${id} does not name a battery unit in this workspace`
      : predecessor.unit.ceasedAt !== null
        ? `predecessor unit ${id} is recycled and can have no successor`
        : actor.operatorId !== null && actor.operatorId !== predecessor.operatorId
          ? `predecessor unit ${id} belongs to another economic operator`
          : null;
    if (problem) refused.push({ index: item.index, text: `${item.label} ${problem}` });
  }
  return { refused, refusedIndexes: new Set(refused.map((refusal) => refusal.index)) };
}

/** Moves each predecessor of the created units and returns their STATUS_CHANGE events. */
export async function linkPredecessors(
  tx: Executor,
  tenantId: string,
  created: readonly Linked[],
  now: Date,
): Promise<NewEvent[]> {
  const events: NewEvent[] = [];
  const finalStatus = new Map<string, PredecessorStatus>();
  for (const { unit, predecessorStatus } of created) {
    if (!unit.predecessorUnitId) continue;
    finalStatus.set(unit.predecessorUnitId, predecessorStatus);
    events.push({
      tenantId,
      id: randomUUID(),
      batteryUnitId: unit.predecessorUnitId,
      eventType: 'STATUS_CHANGE',
      stateOfHealth: null,
      cycleCount: null,
      remainingCapacityAh: null,
      temperatureC: null,
      payload: {
        status: predecessorStatus,
        successorUnitId: unit.id,
        successorSerial: unit.serialNumber,
      },
      status: predecessorStatus,
      recordedAt: now,
      createdAt: now,
    });
  }
  for (const [id, status] of finalStatus) await updateUnit(tx, tenantId, id, { status, updatedAt: now });
  return events;
}
