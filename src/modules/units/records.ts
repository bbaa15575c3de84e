// Stored rows to the contract's records: the Battery unit and the Battery unit event, in the
// contract's field order.
import { unitDigitalLinkUri } from '../../domain/units/link.ts';
import type { EventRow } from './event-store.ts';
import type { UnitRow } from './store.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The Battery unit; `baseUrl` gives a unit without a GS1 key its own URL as digitalLinkUri. */
export function unitRecord(baseUrl: string, row: UnitRow) {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    digitalLinkUri: unitDigitalLinkUri(baseUrl, row),
    passportId: row.passportId,
    tenantId: row.tenantId,
    manufacturedAt: iso(row.manufacturedAt),
    status: row.status,
    ceasedAt: iso(row.ceasedAt),
    predecessorUnitId: row.predecessorUnitId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type UnitRecord = ReturnType<typeof unitRecord>;

export function eventRecord(row: Omit<EventRow, 'status'>) {
  return {
    id: row.id,
    batteryUnitId: row.batteryUnitId,
    tenantId: row.tenantId,
    eventType: row.eventType,
    stateOfHealth: row.stateOfHealth,
    cycleCount: row.cycleCount,
    remainingCapacityAh: row.remainingCapacityAh,
    temperatureC: row.temperatureC,
    payload: row.payload ?? null,
    recordedAt: row.recordedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export type EventRecord = ReturnType<typeof eventRecord>;
